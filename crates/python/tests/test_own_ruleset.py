"""A ruleset written in Python is a ruleset: Clobber written here gives the built-in
Clobber's values and outcomes, misère outcomes by the definition, conway.solve, boards."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import conway


class PyClobber(conway.Ruleset):
    """Clobber: a stone moves onto an orthogonally adjacent stone of the other colour.
    Positions are tuples of row strings; components are the groups of touching stones."""

    name = "py_clobber"
    board = {".": "empty", "x": "left", "o": "right"}
    example = "xo|ox"

    def parse(self, text):
        return tuple(text.split("|"))

    def format(self, position):
        return "|".join(position)

    def _moves(self, rows, me, them):
        found = []
        for r, row in enumerate(rows):
            for c, square in enumerate(row):
                if square != me:
                    continue
                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                    tr, tc = r + dr, c + dc
                    if 0 <= tr < len(rows) and 0 <= tc < len(rows[tr]) and rows[tr][tc] == them:
                        after = [list(x) for x in rows]
                        after[r][c], after[tr][tc] = ".", me
                        found.append(tuple("".join(x) for x in after))
        return found

    def left_moves(self, rows):
        return self._moves(rows, "x", "o")

    def right_moves(self, rows):
        return self._moves(rows, "o", "x")

    def components(self, rows):
        seen, parts = set(), []
        for r, row in enumerate(rows):
            for c, square in enumerate(row):
                if square == "." or (r, c) in seen:
                    continue
                group, todo = [], [(r, c)]
                seen.add((r, c))
                while todo:
                    a, b = todo.pop()
                    group.append((a, b))
                    for da, db in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                        p = (a + da, b + db)
                        if (
                            0 <= p[0] < len(rows)
                            and 0 <= p[1] < len(rows[p[0]])
                            and rows[p[0]][p[1]] != "."
                            and p not in seen
                        ):
                            seen.add(p)
                            todo.append(p)
                parts.append(self._cut(rows, group))
        return parts

    def _cut(self, rows, group):
        top, bottom = min(a for a, _ in group), max(a for a, _ in group)
        left, right = min(b for _, b in group), max(b for _, b in group)
        inside = set(group)
        return tuple(
            "".join(rows[a][b] if (a, b) in inside else "." for b in range(left, right + 1))
            for a in range(top, bottom + 1)
        )


def misere_by_definition(ruleset, rows):
    """Misère outcome by the definition (the player who cannot move wins), recursively."""

    def wins(p, left):
        moves = ruleset.left_moves(p) if left else ruleset.right_moves(p)
        return not moves or any(not wins(m, not left) for m in moves)

    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (wins(rows, True), wins(rows, False))
    ]


boards = st.integers(1, 3).flatmap(
    lambda rows: st.integers(1, 4).flatmap(
        lambda cols: st.lists(
            st.text(alphabet="xo.", min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
    )
)


@settings(max_examples=60, deadline=None)
@given(boards)
def test_python_clobber_gives_the_builtin_values_and_outcomes(rows):
    text = "|".join(rows)
    ruleset = PyClobber()
    builtin = conway.clobber(text)
    assert ruleset(text) == builtin
    assert ruleset.outcome(ruleset.parse(text)) == builtin.outcome
    assert ruleset.outcome(ruleset.parse(text), misere=True) == conway.misere_outcome(
        f'clobber("{text}")'
    )
    assert ruleset.outcome(ruleset.parse(text), misere=True) == misere_by_definition(
        ruleset, ruleset.parse(text)
    )


def test_the_search_decides_boards_too_large_for_values_as_the_builtin_does():
    # The search answers without a value, as the built-in search does.
    text = "xoxo|oxox|xoxo|oxox"
    ruleset = PyClobber()
    solution = conway.solve("py_clobber", text)
    builtin = conway.solve("clobber", text)
    assert solution.outcome == builtin.outcome
    for start in (solution.left_first, solution.right_first):
        for position in start.winning_positions:
            # Each winning move leaves a position that is one of the starter's moves.
            assert isinstance(position, tuple)
    assert solution.left_first.winner == builtin.facts["left_first"]["winner"]
    assert ruleset.outcome(ruleset.parse(text)) == builtin.outcome


def test_values_add_to_builtin_games_and_boards_are_drawn():
    ruleset = PyClobber()
    g = ruleset("xox|o.x")
    assert g + conway.game("*") == conway.clobber("xox|o.x") + conway.game("*")
    drawn = conway.board("py_clobber", "xox|o.x")
    assert drawn.value == g
    assert "<circle" in drawn._repr_svg_()


class Loop(conway.Ruleset):
    """A counter Left raises and Right lowers between 0 and 3: play need not end."""

    def left_moves(self, n):
        return [n + 1] if n < 3 else []

    def right_moves(self, n):
        return [n - 1] if n > 0 else []


class Failing(conway.Ruleset):
    def left_moves(self, n):
        raise KeyError("no moves here")

    def right_moves(self, n):
        return []


def test_endless_play_is_refused_and_a_callbacks_exception_is_raised_unchanged():
    assert Loop.name == "loop"
    with pytest.raises(conway.TooLargeError, match="never ends"):
        Loop().outcome(1)
    with pytest.raises(ValueError, match="cycle"):
        Loop().outcome(1, misere=True)
    with pytest.raises(KeyError, match="no moves here"):
        Failing().outcome(0)
    with pytest.raises(KeyError, match="no moves here"):
        Failing().solve(0)
    with pytest.raises(KeyError, match="no moves here"):
        Failing().outcome(0, misere=True)


def test_random_boards_agree_with_the_builtin_search():
    rng = random.Random(7)
    ruleset = PyClobber()
    for _ in range(5):
        rows = ["".join(rng.choice("xxoo.") for _ in range(5)) for _ in range(3)]
        text = "|".join(rows)
        assert ruleset.solve(ruleset.parse(text)).outcome == conway.solve("clobber", text).outcome


def board_text(rng, rows, cols):
    return "|".join("".join(rng.choice("xo.") for _ in range(cols)) for _ in range(rows))


def test_eval_names_a_python_ruleset_as_a_builtin_one():
    rng = random.Random(11)
    for _ in range(20):
        a, b = board_text(rng, 2, 3), board_text(rng, 1, 4)
        assert conway.evaluate(f'py_clobber("{a}") + clobber("{b}") + *') == conway.evaluate(
            f'clobber("{a}") + clobber("{b}") + *'
        )
        mine = conway.moves(f'py_clobber("{a}") + *', every=True)
        theirs = conway.moves(f'clobber("{a}") + *', every=True)
        for side in ("left", "right"):
            assert sorted((m.to.replace("py_clobber", "clobber"), m.value, m.wins) for m in getattr(mine, side)) == sorted(
                (m.to, m.value, m.wins) for m in getattr(theirs, side)
            )
        assert conway.evaluate(f'misere_outcome(py_clobber("{a}"))') == misere_by_definition(
            PyClobber(), PyClobber().parse(a)
        )


def test_eval_refuses_misuse_of_a_python_ruleset_where_it_is():
    with pytest.raises(ValueError, match="column 5: py_clobber takes one argument"):
        conway.evaluate("1 + py_clobber(3)")
    # The ruleset's own exception, unchanged.
    with pytest.raises(KeyError, match="no moves here"):
        conway.evaluate('failing("0") + *')
    with pytest.raises(KeyError, match="no moves here"):
        conway.moves('failing("0") + *')
    with pytest.raises(ValueError, match="your own rulesets are .*py_clobber"):
        conway.evaluate('py_clobbr("xo")')
    with pytest.raises(ValueError, match="variants are played on a built-in"):
        conway.evaluate('dicotic_variant(py_clobber("xo"))')


def http(method, url, body=None):
    import json
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read()
    return json.loads(text) if text else None


def run_cell(server, worksheet, cell):
    job = http("POST", f"{server.url}api/worksheets/{worksheet}/cells", {"input": cell})["job"]
    while True:
        state = http("GET", f"{server.url}api/jobs/{job}?wait=5000")
        if state["state"] in ("done", "failed"):
            return state


def test_a_worksheet_served_from_python_names_and_plays_its_rulesets():
    server = conway.serve(0, background=True)
    try:
        assert server.running and server.url.startswith("http://127.0.0.1:")
        described = {r["name"]: r for r in http("GET", f"{server.url}api/rulesets")}
        ours = described["py_clobber"]
        assert ours["board"]["row_separator"] == "|"
        assert [(s["symbol"], s["piece"]) for s in ours["board"]["squares"]][0] == (".", "empty")
        assert "clobber" in described and "loop" in described
        worksheet = http("POST", f"{server.url}api/worksheets")["worksheet"]
        done = run_cell(server, worksheet, 'G := py_clobber("xo.|.ox") + *')
        assert done["state"] == "done", done
        expected = conway.evaluate('clobber("xo.|.ox") + *')
        assert done["answer"]["report"]["canonical"] == str(expected)
        play = done["answer"]["play"]
        assert play["game"] == "ruleset" and play["left_reply"]["to"].startswith("py_clobber(")
        done = run_cell(server, worksheet, "G - clobber(\"xo.|.ox\")")
        assert done["answer"]["report"]["canonical"] == "*"
        # The page's own questions are commands, each in a store of its own.
        listed = run_cell(server, worksheet, "eval --every-move 'py_clobber(\"xo\") + *'")
        assert listed["state"] == "done", listed
        assert len(listed["answer"]["report"]["left_moves"]) == 2
        done = run_cell(server, worksheet, 'py_clobber("xo|ox")')
        assert done["answer"]["report"]["canonical"] == str(conway.evaluate('clobber("xo|ox")'))
        failed = run_cell(server, worksheet, 'failing("0")')
        assert failed["state"] == "failed" and "no moves here" in str(failed), failed
    finally:
        server.stop()
    assert not server.running
    server.stop()


class Countdown(conway.Ruleset):
    """Left counts down by one; positions are whole numbers written in digits."""

    def parse(self, text):
        return int(text) if text.isdigit() else text

    def left_moves(self, n):
        return [n - 1] if isinstance(n, int) and n > 0 else []

    def right_moves(self, n):
        return []


class Misread(Countdown):
    """Countdown written "2!", which its parse does not read back as 2."""

    def format(self, n):
        return f"{n}!"


def test_a_move_whose_position_does_not_read_back_is_refused():
    assert conway.evaluate('countdown("3")') == conway.game("3")
    assert [m.to for m in conway.moves('countdown("2")').left] == ['countdown("1")']
    assert conway.evaluate('misread("3")') == conway.game("3")  # values need no text
    with pytest.raises(ValueError, match="parse reads as another position"):
        conway.moves('misread("2")')


def test_a_clashing_or_unmakeable_ruleset_warns_and_leaves_the_others_named():
    registry = conway._ruleset._REGISTERED
    try:
        with pytest.warns(UserWarning, match="built-in function's name"):

            class Domineering(conway.Ruleset):
                def left_moves(self, p):
                    return []

                def right_moves(self, p):
                    return []

        class NeedsArguments(conway.Ruleset):
            def __init__(self, size):
                self.size = size

        with pytest.warns(UserWarning, match="needs_arguments cannot be named"):
            assert conway.evaluate('py_clobber("xo")') == conway.game("*")
        # The built-in's meaning is kept.
        assert conway.evaluate('domineering("..")') == conway.game("-1")
    finally:
        registry.pop("domineering", None)
        registry.pop("needs_arguments", None)


def test_a_server_whose_handle_is_dropped_goes_on_serving():
    import gc

    url = conway.serve(0, background=True).url
    gc.collect()
    assert any(r["name"] == "py_clobber" for r in http("GET", f"{url}api/rulesets"))


def test_one_start_is_answered_as_both_starts_answer_it():
    text = "xoxo|oxox|xo.."
    ruleset = PyClobber()
    both = conway.solve("py_clobber", text)
    for first in ("left", "right"):
        one = conway.solve("py_clobber", text, first=first)
        assert one.outcome is None
        asked, other = (
            (one.left_first, one.right_first) if first == "left" else (one.right_first, one.left_first)
        )
        assert other is None
        assert asked == (both.left_first if first == "left" else both.right_first)
        # The built-in search answers the same start alike.
        builtin = conway.solve("clobber", text, first=first)
        assert builtin.outcome is None
        assert builtin.facts[f"{first}_first"]["winner"] == asked.winner
        # Its summary says who wins that start, as the command line's does.
        assert f"{first.capitalize()} first: {asked.winner} wins" in repr(builtin)
    with pytest.raises(ValueError):
        ruleset.solve(ruleset.parse(text), first="up")
