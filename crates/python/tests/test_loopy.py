"""Loopy partizan games from Python: CGSuite's notation in, CGSuite's printing out."""

import pytest

import conway


def test_loopy_values_print_as_cgsuite_prints_them():
    # CGSuite's test suite (EvalTest.scala, CanonicalStopperTestCase.scala).
    assert str(conway.game("x{0|x}")) == "over"
    assert str(conway.game("{pass|3/2}")) == "3/2under"
    assert str(conway.game("a{1||a|0}")) == "2 & +-1"
    assert str(conway.game("{pass|pass}")) == "dud"
    assert isinstance(conway.game("over"), conway.LoopyGame)
    # A loopy notation whose value is short is a Game.
    assert isinstance(conway.game("a{0|{1|2}}"), conway.Game)


def test_loopy_arithmetic_and_comparison():
    over = conway.game("over")
    assert over > 0
    # CGSuite's EvalTest.scala, "loopy plus canonical": over + ^ = over.
    assert over + conway.game("^") == over
    assert str(over + 5) == "5over"
    assert str(-over) == "under"
    on, off = conway.game("on"), conway.game("off")
    assert str(on + off) == "dud"
    assert (on + off).outcome == "D"
    assert conway.game("a{{|a}|}").outcome == "PHat"
    assert str(conway.game("a{1||a|0}").offside) == "+-1"
    assert conway.game("dud").is_stopper is False
    assert conway.game("over").is_stopper


def test_table_functions_take_loopy_games():
    assert conway.is_stopper("over") is True
    assert str(conway.onside("a{1||a|0}")) == "2"
    assert conway.outcome("over") == "L"
    assert str(conway.left_stop("{pass|3/2}")) == "3/2under"
    assert str(conway.degree("over")) == "over"


def test_loopy_ruleset_moves_say_who_wins_and_how_soon():
    """The geese of CGSuite's GameGridTest position ({6|2over}) win whoever starts. With
    the fox to move, its longest resistance is the count its move is given: the geese
    hurrying (fastest win) and the fox stalling (longest loss) end the game in that many
    moves, with the fox stuck."""
    position, mover = 'fox_and_geese("x.x.x.x.|........|o.......")', "right"
    promised = max(m.plies for m in conway.moves(position, every=True).right)
    played = 0
    while True:
        side = getattr(conway.moves(position, every=True), mover)
        if not side:
            break
        if mover == "left":
            chosen = min((m for m in side if m.wins), key=lambda m: m.plies)
        else:
            assert not any(m.wins or m.draws for m in side)
            chosen = max(side, key=lambda m: m.plies)
        position, mover = chosen.to, "right" if mover == "left" else "left"
        played += 1
    assert (played, mover) == (promised, "right")
    # ff..tt is dud: the only moves draw, and no count is given for a draw.
    strip = conway.moves('backsliding_toads_and_frogs("ff..tt")')
    assert [(m.draws, m.plies) for m in strip.left + strip.right] == [(True, None)] * 2


def test_stopper_methods_of_cgsuite():
    # CGSuite's CanonicalStopperTestCase.scala and GameTest.scala.
    assert str(conway.variety("+-{5|pass}")) == "+-{10over|over}"
    assert [str(g) for g in conway.followers("over")] == ["0", "over"]
    assert isinstance(conway.followers("over")[1], conway.LoopyGame)
    assert conway.is_stable("a{0|{0||||0,*2|||a|0||0}||0}") is False
    assert str(conway.pow_("^", "on")) == "^<on>"
    assert str(conway.subordinate("over", 1)) == "off"


def test_a_loopy_game_draws_its_graph():
    svg = conway.game("over")._repr_svg_()
    assert svg.startswith("<svg") and ">a = over<" in svg
    sides = conway.game("a{1||a|0}")._repr_svg_()
    assert ">onside<" in sides and ">offside<" in sides


def test_bad_loopy_input_is_a_located_error():
    with pytest.raises(ValueError) as error:
        conway.game("{1|0+pass}")
    assert error.value.column == 6
    with pytest.raises(ValueError):
        conway.game("pass")
    with pytest.raises(ValueError):
        conway.temperature("over")


def fox_and_geese_moves(width):
    """Fox and Geese as CGSuite plays it, written in Python: (geese, fox) positions, rows
    from 1 at the bottom; the fox behind the geese is worth off, given as a move to off."""

    def escaped(geese, fox):
        top = max(row for row, _ in geese)
        row, col = fox
        above = [(row + 1, col - 1), (row + 1, col + 1)]
        free = any(1 <= c <= width and (r, c) not in geese for r, c in above)
        return row >= top or (row + 1 == top and free)

    def on_board(square):
        return square[0] >= 1 and 1 <= square[1] <= width

    def left(position):
        if position == "off" or escaped(*position):
            return []
        geese, fox = position
        moves = []
        for goose in sorted(geese):
            for step in (-1, 1):
                to = (goose[0] - 1, goose[1] + step)
                if on_board(to) and to != fox and to not in geese:
                    moves.append((geese - {goose} | {to}, fox))
        return moves

    def right(position):
        if position == "off":
            return ["off"]  # off: Right passes for ever, Left never moves
        geese, fox = position
        if escaped(geese, fox):
            return ["off"]
        moves = []
        for dr in (-1, 1):
            for dc in (-1, 1):
                to = (fox[0] + dr, fox[1] + dc)
                if on_board(to) and to not in geese:
                    moves.append((geese, to))
        return moves

    return left, right


def test_user_games_may_repeat_positions():
    # CGSuite's GameGridTest: FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)) = {4*|7/2},
    # here from a ruleset written in Python.
    left, right = fox_and_geese_moves(8)
    game = conway.PartizanGame(left, right)
    start = (frozenset({(4, 2), (4, 4), (4, 6), (4, 8)}), (1, 1))
    assert str(game.game_value(start)) == "{4*|7/2}"
    assert str(game.game_value("off")) == "off"
    # The library's own ruleset agrees.
    assert str(conway.game('fox_and_geese("{(4,2),(4,4),(4,6),(4,8)}, (1,1)")')) == "{4*|7/2}"
    # A value that is short is a Game (the goose's only move lets the fox out); and
    # canonical_form refuses a game with a cycle.
    trapped = game.game_value((frozenset({(2, 2)}), (1, 1)))
    assert isinstance(trapped, conway.Game) and str(trapped) == "0"
    with pytest.raises(ValueError, match="game_value"):
        game.canonical_form(start)


def test_user_loopy_games_raise_their_own_errors():
    def broken(position):
        raise KeyError(position)

    with pytest.raises(KeyError):
        conway.PartizanGame(broken, broken).game_value(1)
