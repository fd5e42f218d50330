"""The worksheet server under load, on loopback: the round trip of a small cell (submit,
then one request that waits for the answer), and many worksheets at once each running
small cells. Python's standard library only.

    python3 crates/cli/bench/serve.py [--conway target/release/conway] [--worksheets 50]

Prints the median and 95th percentile round trip, the server's own time for the cells
(`seconds` in each answer), the requests that failed (must be 0) and the server's peak memory.
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import threading
import time
import urllib.request

CELLS = ["{3||2+*|1+*}", "G := ^", "G + G + *", "temperature({3||2|1} + *)", "solve nim 3 5 7"]


def call(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def run_cell(base, worksheet, cell):
    """One cell's round trip: its seconds on the client and the server's own time."""
    start = time.perf_counter()
    job = call(base, "POST", f"/api/worksheets/{worksheet}/cells", {"input": cell})["job"]
    while True:
        state = call(base, "GET", f"/api/jobs/{job}?wait=5000")
        if state["state"] in ("done", "failed"):
            break
    if state["state"] != "done":
        raise RuntimeError(f"{cell}: {state['error']['message']}")
    return time.perf_counter() - start, state["seconds"]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--conway", default=os.path.join(here, "../../../target/release/conway"))
    parser.add_argument("--worksheets", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20, help="cells per worksheet under load")
    args = parser.parse_args()
    server = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", "-o", "/tmp/conway-serve-peak.txt", args.conway, "serve",
         "--port", "0", "--max-worksheets", str(args.worksheets + 1)],
        stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        base = server.stdout.readline().split(" at ")[1].split(" ")[0].rstrip("/")
        # The round trip of small cells, one worksheet, one at a time.
        worksheet = call(base, "POST", "/api/worksheets")["worksheet"]
        trips, server_times = [], []
        for _ in range(40):
            for cell in CELLS:
                trip, inside = run_cell(base, worksheet, cell)
                trips.append(trip)
                server_times.append(inside)
        trips.sort()
        print(f"round trip of a small cell: median {statistics.median(trips) * 1000:.1f} ms, "
              f"95th percentile {trips[int(len(trips) * 0.95)] * 1000:.1f} ms, "
              f"server time median {statistics.median(server_times) * 1000:.2f} ms "
              f"({len(trips)} cells)")
        # Many worksheets at once.
        failures, done = [], []
        lock = threading.Lock()

        def user():
            try:
                sheet = call(base, "POST", "/api/worksheets")["worksheet"]
                for i in range(args.rounds):
                    trip, _ = run_cell(base, sheet, CELLS[i % len(CELLS)])
                    with lock:
                        done.append(trip)
            except Exception as error:  # every failure is counted and shown
                with lock:
                    failures.append(repr(error))

        threads = [threading.Thread(target=user) for _ in range(args.worksheets)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        done.sort()
        print(f"{args.worksheets} worksheets at once: {len(done)} cells in {elapsed:.2f} s, "
              f"median round trip {statistics.median(done) * 1000:.1f} ms, "
              f"95th percentile {done[int(len(done) * 0.95)] * 1000:.1f} ms, "
              f"{len(failures)} failed{': ' + failures[0] if failures else ''}")
    finally:
        # Ctrl-C stops the server gracefully; GNU time waits for it and writes the peak.
        os.killpg(server.pid, signal.SIGINT)
        server.wait()
    with open("/tmp/conway-serve-peak.txt") as peak:
        print(f"server peak memory: {int(peak.read().split()[-1]) / 1024:.0f} MB")


if __name__ == "__main__":
    main()
