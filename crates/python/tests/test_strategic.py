"""Nash equilibria from Python: the CLI's equilibria, exactly, from matrices and files."""

import json
import random
from fractions import Fraction

import pytest

import conway

# Gambit's documentation (formats.nfgpay): e02.nfg, Selten (IJGT 1975), Figure 2.
E02 = 'NFG 1 R "Selten (IJGT, 75), Figure 2, normal form"\n{ "Player 1" "Player 2" } { 3 2 }\n\n1 1 0 2 0 2 1 1 0 3 2 0\n'
# The README's 3×3 coordination game, with 7 extreme equilibria.
COORDINATION = 'NFG 1 R "coordination" { "P1" "P2" } { 3 3 }\n3 2 0 0 0 0 0 0 2 2 0 0 0 0 0 0 1 4\n'
THREE = 'NFG 1 R "" { "a" "b" "c" } { 2 2 2 }\n1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n'


def exact(report_equilibria):
    return [tuple(tuple(Fraction(p) for p in player) for player in e) for e in report_equilibria]


@pytest.mark.parametrize("text", [E02, COORDINATION, THREE])
@pytest.mark.parametrize("method", [None, "pure", "support", "lh"])
def test_nfg_files_give_the_clis_equilibria(cli, tmp_path, text, method):
    path = tmp_path / "game.nfg"
    path.write_text(text)
    args = ["nash", str(path), "--json"] + (["--method", method] if method else [])
    if method in ("support", "lh") and text is THREE:
        with pytest.raises(ValueError):
            conway.nash(path, method=method)
        return
    report = json.loads(cli(*args))
    found = conway.nash(path, method=method)
    assert list(found) == exact(report["equilibria"])
    assert found.method == report["method"] and found.players == report["players"]


def test_matrices_in_every_python_form(cli):
    rng = random.Random(7)
    for n in (2, 4, 6):
        a = [[rng.randrange(100) for _ in range(n)] for _ in range(n)]
        b = [[rng.randrange(100) for _ in range(n)] for _ in range(n)]
        text = lambda m: "; ".join(" ".join(map(str, row)) for row in m)
        report = json.loads(cli("nash", "--a", text(a), "--b", text(b), "--json"))
        expected = exact(report["equilibria"])
        assert list(conway.nash(a, b)) == expected
        as_fractions = [[Fraction(x) for x in row] for row in a]
        as_strings = [[str(x) for x in row] for row in b]
        assert list(conway.nash(as_fractions, as_strings)) == expected
        assert list(conway.nash([[float(x) for x in row] for row in a], b)) == expected


def test_numpy_arrays():
    numpy = pytest.importorskip("numpy")
    a = numpy.array([[3, 0], [5, 1]])
    b = numpy.array([[3, 5], [0, 1]])
    assert list(conway.nash(a, b)) == [((0, 1), (0, 1))]  # the prisoner's dilemma
    assert list(conway.nash(a.astype(float) / 2, b)) == [((0, 1), (0, 1))]


def test_zero_sum_value_float_view_and_components():
    # Matching pennies: one equilibrium, each side 1/2, value 0.
    found = conway.nash([[1, -1], [-1, 1]], method="lp")
    assert list(found) == [((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
    assert found.value == 0 and found[0].floats == ((0.5, 0.5), (0.5, 0.5))
    # A degenerate game: a segment of equilibria, one component of two extreme points.
    grouped = conway.nash([[1, 1], [1, 1]], [[1, 0], [1, 0]], components=True)
    assert len(grouped) >= 2 and sum(len(c) for c in grouped.components) == len(grouped)
    assert len(grouped.components) == 1
    # ... which is one maximal Nash subset: any mix of player 1's with player 2's first.
    ((xs, ys),) = grouped.maximal_nash_subsets
    assert set(xs) == {(1, 0), (0, 1)} and ys == ((1, 0),)
    assert conway.nash([[1, -1], [-1, 1]], method="lp").maximal_nash_subsets is None
    assert [m for m, _ in conway.nash_methods()] == ["enum", "pure", "support", "lh", "lcp", "lp", "poly", "logit", "simpdiv"]


def test_three_players_exact_and_certified_equilibria(tmp_path):
    # McKelvey and McLennan (1997)'s 2×2×2 game: nine equilibria, all rational.
    mm = tmp_path / "mm.nfg"
    mm.write_text('NFG 1 R "" { "1" "2" "3" } { 2 2 2 }\n'
                  "9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 3 4 6 0 0 0\n")
    found = conway.nash(str(mm))
    assert found.method == "poly" and len(found) == 9
    assert found.approximate == [] and found.within is None and found.unsettled == []
    assert ((Fraction(1, 2), Fraction(1, 2)), (Fraction(2, 5), Fraction(3, 5)),
            (Fraction(1, 4), Fraction(3, 4))) in found
    # Players 1..3 each get 1 for all playing a, 2 for all playing b: one mixed
    # equilibrium, each playing a with chance 2 − √2, irrational.
    three = tmp_path / "three.nfg"
    three.write_text('NFG 1 R "" { "a" "b" "c" } { 2 2 2 }\n'
                     "1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n")
    found = conway.nash(str(three), precision=30)
    assert len(found) == 3 and found.approximate == [2]
    assert found.within == Fraction(1, 10**30)
    x = found[2][0][0]
    assert abs((2 - x) ** 2 - 2) < Fraction(1, 10**29)
    with pytest.raises(ValueError, match="--precision goes with --method poly"):
        conway.nash([[1, 0], [0, 1]], precision=5)


def test_the_logit_branch_and_its_limit(cli, tmp_path):
    # The four-player game of Gambit's contrib/games/g3.nfg (van der Laan, Talman and van
    # der Heyden): Gambit's logit ends at (0.2, 0.8), (1, 0), (1, 0), (2/3, 1/3).
    g3 = tmp_path / "g3.nfg"
    g3.write_text('NFG 1 R "" { "1" "2" "3" "4" } { 2 2 2 2 }\n'
                  "-3 -4 -1 -6 -4 -5 -3 -3 -3 -5 -3 -5 -1 -8 -3 -3 -4 -2 -2 -3 -4 -3 -4 -2 "
                  "-4 -7 -6 -1 -6 -3 -1 -2 -3 -6 -6 -2 -1 -3 -3 -4 -3 -2 -3 -5 -1 -6 -2 -1 "
                  "-2 -4 -2 -6 -3 -6 -6 -7 -1 -4 -5 -3 -8 -5 -5 -5\n")
    found = conway.nash(g3, method="logit", path=True)
    F = Fraction
    assert list(found) == [((F(1, 5), F(4, 5)), (1, 0), (1, 0), (F(2, 3), F(1, 3)))]
    report = json.loads(cli("nash", str(g3), "--method", "logit", "--path", "--json"))
    assert found.trace == report["trace"]
    path = found.trace["path"]
    assert path[0] == {"lambda": 0.0, "profile": [[0.5, 0.5]] * 4}
    assert path[-1]["lambda"] == found.trace["lambda"] and found.trace["regret"] <= 1e-8
    assert found.trace["distance"] < 1e-6 and "stopped" not in found.trace
    assert conway.nash(g3, method="logit").trace.get("path") is None
    assert conway.nash(g3).trace is None
    with pytest.raises(ValueError, match="--path goes with --method logit"):
        conway.nash([[1, 0], [0, 1]], path=True)


ENTRY = (
    'EFG 2 R "entry" { "Entrant" "Incumbent" } ""\n'
    'p "" 1 1 "enter?" { "Out" "In" } 0\nt "" 1 "" { 0, 2 }\n'
    'p "" 2 1 "respond" { "Fight" "Accommodate" } 0\n'
    't "" 2 "" { -1, -1 }\nt "" 3 "" { 1, 1 }\n'
)


def test_extensive_games_in_behaviour_strategies(cli, tmp_path):
    """Selten's entry game: Out against a threatened fight, and In–Accommodate; only the
    second is subgame perfect. The same answers as the CLI's."""
    entry = tmp_path / "entry.efg"
    entry.write_text(ENTRY)
    found = conway.nash(str(entry))
    assert found.information_sets == [[("enter?", ("Out", "In"))],
                                      [("respond", ("Fight", "Accommodate"))]]
    assert (Fraction(1), Fraction(0)) in [e[0] for e in found]
    assert found.behaviour[0][0][0] == found[0][0]
    assert list(found) == exact(json.loads(cli("nash", str(entry), "--json"))["equilibria"])
    perfect = conway.nash(str(entry), subgame_perfect=True)
    assert perfect.subgame_perfect
    assert [list(e) for e in perfect] == [[(0, 1), (0, 1)]]
    with pytest.raises(ValueError, match="subgame-perfect goes with extensive games"):
        conway.nash([[1, 0], [0, 1]], subgame_perfect=True)


def test_bad_input():
    with pytest.raises(ValueError, match="A\\[0\\]\\[1\\]"):
        conway.nash([[1, "x"], [0, 1]])
    with pytest.raises(ValueError, match="finite"):
        conway.nash([[1, float("nan")], [0, 1]])
    with pytest.raises(TypeError):
        conway.nash([[1, None], [0, 1]])
    with pytest.raises(ValueError, match="player 1's shape"):
        conway.nash([[1, 2]], [[1], [2]])
    with pytest.raises(ValueError, match="unknown method 'enumm'"):
        conway.nash([[1]], method="enumm")
    with pytest.raises(FileNotFoundError):
        conway.nash("no-such-file.nfg")
    with pytest.raises(ValueError, match="line 2"):
        conway._native._nash(nfg_text='NFG 1 R "" { "a" } { 2 }\n1 x\n')


def test_ess_stable_and_replicator_match_the_cli(cli):
    hawk_dove = [[0, 3], [1, 2]]
    text = "0 3; 1 2"
    assert conway.ess(hawk_dove)["ess"] == [(Fraction(1, 2), Fraction(1, 2))]
    report = json.loads(cli("ess", "--a", text, "--json"))
    assert [e["reason"] for e in conway.ess(hawk_dove)["symmetric_equilibria"]] == [
        e["reason"] for e in report["symmetric_equilibria"]]
    coordination = [[3, 0], [0, 2]]
    assert conway.stable(coordination, 4) == json.loads(cli("stable", "--a", "3 0; 0 2", "--agents", "4", "--json"))
    rest = conway.replicator([[3, 2], [4, 1]])
    expected = json.loads(cli("replicator", "--a", "3 2; 4 1", "--json"))["rest_points"]
    assert [r["state"] for r in rest] == [tuple(Fraction(x) for x in e["state"]) for e in expected]
    assert [r["stability"] for r in rest] == [e["stability"] for e in expected]


def test_replicator_trajectories():
    times, shares = conway.replicator([[3, 2], [4, 1]], start=[Fraction(9, 10), Fraction(1, 10)], t=20)
    assert len(times) == len(shares) and times[0] == 0
    # The mixed rest point (1/2, 1/2) attracts the trajectory.
    assert abs(shares[-1][0] - 0.5) < 1e-3
    assert all(abs(sum(x) - 1) < 1e-9 for x in shares)
    _, generations = conway.replicator([[2, 1], [1, 2]], start=["0.6", "0.4"], discrete=True, steps=50, every=1)
    assert len(generations) == 51 and generations[-1][0] > 0.99
    with pytest.raises(ValueError, match="dt"):
        conway.replicator([[1]], start=[1], dt=0)


def test_nfg_files_read_write_and_solve(cli, tmp_path):
    game = conway.parse_nfg(E02)
    assert game.title == "Selten (IJGT, 75), Figure 2, normal form"
    assert game.players == ("Player 1", "Player 2") and game.shape == (3, 2)
    # Gambit's order: player 1's strategy varies fastest, so the second profile is (1, 0).
    assert game.payoff(0, 0) == (1, 1) and game.payoff(1, 0) == (0, 2)
    assert game[(2, 1)] == (2, 0)
    a, b = game.matrices()
    assert a == [[1, 1], [0, 0], [0, 2]] and b == [[1, 1], [2, 3], [2, 0]]
    for outcomes in (False, True):
        path = tmp_path / f"out{outcomes}.nfg"
        text = conway.write_nfg(game, path, outcomes=outcomes)
        assert path.read_text() == text
        again = conway.read_nfg(path)
        assert again.shape == game.shape and again.matrices() == game.matrices()
        assert again == game
        # The CLI reads what Python wrote, and finds the same equilibria.
        report = json.loads(cli("nash", str(path), "--json"))
        assert list(conway.nash(again)) == exact(report["equilibria"])
    with open(tmp_path / "outTrue.nfg", encoding="utf-8") as file:
        assert conway.read_nfg(file) == game
    # Strategy labels survive only in the outcome version, as in Gambit.
    labelled = conway.NormalFormGame(
        [[[1, 2], [0, 0]]], players=["Row", "Column"], strategies=[["up"], ["left", "right"]]
    )
    assert conway.parse_nfg(labelled.write(outcomes=True)) == labelled
    plain = conway.parse_nfg(labelled.write())
    assert plain.strategies == (("1",), ("1", "2")) and plain.players == labelled.players


def test_normal_form_games_from_arrays():
    # THREE as a (2, 2, 2, 3) array: each player gets 1 at (0,0,0) and 2 at (1,1,1).
    payoffs = [[[[0, 0, 0] for _ in range(2)] for _ in range(2)] for _ in range(2)]
    payoffs[0][0][0] = [1, 1, 1]
    payoffs[1][1][1] = [2, 2, 2]
    game = conway.NormalFormGame(payoffs, players=["a", "b", "c"])
    parsed = conway.parse_nfg(THREE)
    assert [game[p] for p in [(0, 0, 0), (1, 1, 1), (1, 0, 1)]] == [(1, 1, 1), (2, 2, 2), (0, 0, 0)]
    assert game == parsed and list(conway.nash(game)) == list(conway.nash(parsed))
    assert "3 players, 2×2×2" in repr(game)
    pd = conway.NormalFormGame.bimatrix([[3, 0], [5, 1]], [[3, 5], [0, 1]], title="PD")
    assert list(conway.nash(pd)) == [((0, 1), (0, 1))]
    assert conway.NormalFormGame.bimatrix([[1, -1]]).matrices() == ([[1, -1]], [[-1, 1]])
    numpy = pytest.importorskip("numpy")
    assert conway.NormalFormGame(numpy.array(payoffs), players=["a", "b", "c"]) == game
    halves = conway.NormalFormGame(numpy.ones((2, 3, 2)) / 2)
    assert halves.payoff(1, 2) == (Fraction(1, 2), Fraction(1, 2))


def test_normal_form_games_round_trip_through_gambit_text(cli, tmp_path):
    rng = random.Random(11)
    for trial in range(30):
        shape = [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
        n = len(shape)

        def nested(depth):
            if depth == n:
                return [Fraction(rng.randint(-9, 9), rng.choice([1, 2, 3, 7])) for _ in range(n)]
            return [nested(depth + 1) for _ in range(shape[depth])]

        game = conway.NormalFormGame(nested(0), title=f"random {trial}")
        for outcomes in (False, True):
            again = conway.parse_nfg(game.write(outcomes=outcomes))
            assert again.shape == game.shape and again.title == game.title
            assert all(again[p] == game[p] for p in game._table)
        if n >= 2:
            path = tmp_path / "random.nfg"
            game.write(path)
            report = json.loads(cli("nash", str(path), "--method", "pure", "--json"))
            assert list(conway.nash(game, method="pure")) == exact(report["equilibria"])


def test_bad_normal_form_games():
    with pytest.raises(ValueError, match="shape"):
        conway.NormalFormGame([[1, 2], [3, 4]])  # two players need two payoffs per profile
    with pytest.raises(ValueError, match="shape"):
        conway.NormalFormGame([1, 2])
    with pytest.raises(ValueError, match=r"payoffs\[1\]\[0\]\[1\]"):
        conway.NormalFormGame([[[0, 0]], [[0, "x"]]])
    with pytest.raises(ValueError, match=r"payoffs\[1\]\[0\] holds 1 payoffs, not 2"):
        conway.NormalFormGame([[[0, 0]], [[0]]])  # ragged
    with pytest.raises(ValueError, match=r"payoffs\[1\]\[1\] is missing"):
        conway.NormalFormGame([[[0, 0], [1, 1]], [[0, 0]]])
    with pytest.raises(ValueError, match="player names"):
        conway.NormalFormGame([[[0, 0]]], players=["one"])
    with pytest.raises(IndexError, match="no profile"):
        conway.parse_nfg(E02).payoff(3, 0)
    with pytest.raises(ValueError, match="2 players, not|not 2"):
        conway.parse_nfg(THREE).matrices()
    with pytest.raises(ValueError) as error:
        conway.parse_nfg('NFG 1 R "" { "a" "b" } { 2 2 }\n1 1 1 1\n1 x 1 1\n')
    assert error.value.line == 3
    with pytest.raises(ValueError, match="rectangular"):
        conway.NormalFormGame.bimatrix([[1, 2], [3]])
    with pytest.raises(ValueError, match="give no B"):
        conway.nash(conway.parse_nfg(E02), [[1]])


@pytest.mark.parametrize("matrix", [[[1, 2], [3]], [[1], [2, 3]], [[1, 2, 3], [4, 5, 6]], [], [[]]])
def test_ragged_and_empty_matrices_are_value_errors(matrix):
    """A ragged matrix once panicked inside ess and replicator (PanicException, which
    ``except Exception`` does not catch); it is a ValueError with the CLI's message."""
    functions = [conway.ess, conway.replicator, lambda a: conway.stable(a, 5)]
    if matrix != [[1, 2, 3], [4, 5, 6]]:
        functions.append(conway.nash)  # a 2×3 game has equilibria; not a symmetric one
    for function in functions:
        with pytest.raises(ValueError):
            function(matrix)
