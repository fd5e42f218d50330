"""``conway.solve`` and ``conway.games()``: the catalogue behind ``conway solve``, so every
game answers from Python with the CLI's own JSON."""

import json
import shlex

import pytest

import conway
from conway import _native

GAMES = conway.games()


def test_games_are_the_clis_list(cli):
    listed = json.loads(cli("solve", "--list", "--json"))["games"]
    ours = [
        {"name": g.name, "summary": g.summary, "usage": g.usage, "example": g.example, "playable": g.playable}
        for g in GAMES
    ]
    assert ours == listed


def _example(game, folder):
    """The example's words with its files written in ``folder`` (absolute paths), and the
    same as ``conway.solve`` arguments: position values and keyword options."""
    files = dict(_native._example_files())
    words = []
    for word in shlex.split(game.example.split(" ", 2)[2]):
        if word in files:
            path = folder / word
            path.write_text(files[word])
            word = str(path)
        words.append(word)
    by_name = {p.name: p for p in game.parameters}
    positional = [p for p in game.parameters if not p.option]
    position, options = [], {}
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("--"):
            parameter = by_name[word[2:]]
            if parameter.kind == "flag":
                value = True
            else:
                i += 1
                value = words[i]
                if parameter.kind == "numbers":
                    value = [int(x) for x in value.split(",")]
                elif parameter.kind in ("natural", "u64", "u32"):
                    value = int(value)
            options[parameter.name.replace("-", "_")] = value
        else:
            parameter = positional[min(len(position), len(positional) - 1)]
            position.append(int(word) if parameter.kind in ("natural", "u64", "u32") else word)
        i += 1
    return words, position, options


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_answers_with_the_clis_json(game, cli, tmp_path):
    words, position, options = _example(game, tmp_path)
    expected = cli("solve", game.name, *words, "--json").strip()
    solution = conway.solve(game.name, *position, **options)
    assert solution.json == expected
    assert solution.game in (game.name, words[0])
    if game.playable:
        expected = cli("solve", game.name, *words, "--moves", "--json").strip()
        every = conway.solve(game.name, *position, moves=True, **options)
        assert every.json == expected
        assert every.moves, game.name
        # Each move's command answers the position it leaves, from Python too.
        if every.moves[0].command:
            after = shlex.split(every.moves[0].command)
            assert after[:2] == ["solve", game.name]
            assert json.loads(cli(*after, "--json"))["position"] == every.moves[0].to


def test_published_answers_come_through():
    # Bouton (1901): 3 4 5 has nim-sum 2; the one winning move takes 2 from the heap of 3.
    nim = conway.solve("nim", 3, 4, 5)
    assert (nim.outcome, nim.value, nim.facts["nim_sum"]) == ("N", "*2", "2")
    assert [m.to for m in nim.winning_moves] == ["1 4 5"]
    # Wythoff's P-positions are (⌊nφ⌋, ⌊nφ²⌋): (3, 5) is one.
    assert conway.solve("wythoff", [3, 5]).outcome == "P"
    # S(1,3,4) has period 7 (Berlekamp, Conway and Guy, Winning Ways, ch. 4).
    assert conway.solve("subtraction", 7, set=(1, 3, 4)).facts["period"] == 7


def test_arguments_that_do_not_fit_are_python_errors():
    with pytest.raises(ValueError, match="position word 2"):
        conway.solve("nim", 3, -4)
    with pytest.raises(TypeError):
        conway.solve("nim", "3")
    with pytest.raises(TypeError, match="no option"):
        conway.solve("nim", 3, sett=[1])
    with pytest.raises(ValueError, match="conway.games"):
        conway.solve("chess", 1)
    with pytest.raises(conway.TooLargeError):
        conway.solve("nim", 10**10001)
    with pytest.raises(ValueError, match="--mpi"):
        conway.solve("chase", 4, 1, 1, 4, 4, mpi=True)
    with pytest.raises(ValueError, match="not listed"):
        conway.solve("geography", "g.txt", "a", moves=True)
    with pytest.raises(OSError):
        conway.solve("digraph", "/nonexistent/graph.txt")
