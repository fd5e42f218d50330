"""Progress of long computations: the ``progress`` argument of ``heap_sequence``,
``nash``, ``stable``, ``retrograde``, ``loopy_grundy``, and of your own games
(``ImpartialGame``, ``PartizanGame`` and the functions made on them, which count the
positions met so far).

``progress=True`` draws a bar (tqdm's, in a notebook or terminal, when tqdm is installed;
else a one-line text bar on standard error); a callable is called as
``progress(done, total, unit)`` a few times a second instead (``total`` is None when it
is not known in advance). An exception the callable raises stops the computation and
propagates.
"""

import contextlib
import sys
import time


class TextBar:
    """A one-line bar on standard error, redrawn in place."""

    def __init__(self, description):
        self.description = description
        self.started = time.monotonic()
        self.drawn = False

    def __call__(self, done, total, unit):
        elapsed = time.monotonic() - self.started
        if total:
            filled = int(20 * min(done, total) / total)
            line = (
                f"{self.description}: [{'#' * filled}{'.' * (20 - filled)}] "
                f"{done:,}/{total:,} {unit} ({elapsed:.1f} s)"
            )
        else:
            line = f"{self.description}: {done:,} {unit} ({elapsed:.1f} s)"
        sys.stderr.write("\r" + line + "\x1b[K")
        sys.stderr.flush()
        self.drawn = True

    def close(self):
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


class TqdmBar:
    """tqdm's bar (its notebook widget under Jupyter), fed the library's reports."""

    def __init__(self, tqdm, description):
        self.bar = tqdm(desc=description, total=None, leave=False)

    def __call__(self, done, total, unit):
        if total is not None and self.bar.total != total:
            self.bar.total = total
        self.bar.unit = unit
        self.bar.n = done
        self.bar.refresh()

    def close(self):
        self.bar.close()


def bar(description):
    """A new bar: tqdm's when it is installed, else a ``TextBar``."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return TextBar(description)
    return TqdmBar(tqdm, description)


@contextlib.contextmanager
def shown(progress, description):
    """The callable a native function reports to, for a function's ``progress``
    argument: None for no progress, the package's bar for True (closed afterwards), or
    the user's own callable."""
    if not progress:
        yield None
        return
    if callable(progress):
        yield progress
        return
    bar_ = bar(description)
    try:
        yield bar_
    finally:
        bar_.close()
