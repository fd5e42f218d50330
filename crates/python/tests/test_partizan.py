"""Partizan games from Python: values, operators, the eval table, errors, Ctrl-C."""

import json
import os
import pickle
import threading
from fractions import Fraction

import pytest

import conway

# The README's `conway eval` examples that evaluate to games.
README_GAMES = [
    "{3||2+*|1+*}",
    "+-1+-2+-3+-4",
    "^^^^^^+vvv*+^19*3+v14",
    "{^^^|vv}",
    "{0||0|-3/2}",
    'domineering("....|....|....|....")',
    'hackenbush("lrlrrllr")',
    'hackenbush("0-1:l 1-2:r 2-0:e")',
    'toads_and_frogs("tt.ff")',
    'clobber("xox|ox.")',
    "cutcake(3,5)",
    "{3||2|1}+^",
]


def fraction(text):
    return Fraction(text)


@pytest.mark.parametrize("expression", README_GAMES)
def test_report_matches_the_cli(cli, expression):
    """Every property the CLI reports is what the Python object says."""
    report = json.loads(cli("eval", expression, "--json"))
    g = conway.game(expression)
    assert str(g) == repr(g) == report["canonical"]
    assert g.outcome == report["outcome"]
    assert g.left_stop == fraction(report["left_stop"])
    assert g.right_stop == fraction(report["right_stop"])
    assert g.mean == fraction(report["mean"])
    assert g.temperature == fraction(report["temperature"])
    assert g.birthday == int(report["birthday"])
    assert str(g.thermograph) == report["thermograph"]
    assert str(g.reduced) == report["reduced"]
    if report["atomic_weight"] is None:
        with pytest.raises(ValueError):
            g.atomic_weight
    else:
        assert str(g.atomic_weight) == report["atomic_weight"]


@pytest.mark.parametrize(
    "expression",
    [
        "cool({3||2+*|1+*},1/4)",
        "heat({3||2+*|1+*},1)",
        "thermograph({3||2+*|1+*})",
        "^ > 0",
        "* <> 0",
        "Tiny(2) + Miny(2)",
    ],
)
def test_evaluate_matches_the_cli(cli, expression):
    assert str(conway.evaluate(expression)).lower() == cli("eval", expression).splitlines()[0].lower()


def test_sets_of_games_come_back_as_lists_in_cgsuites_order(cli):
    # CGSuite's test suite: the followers of ^[4] are {0,*,^,^[2],^[3],^[4]}.
    followers = conway.followers("^[4]")
    assert [str(g) for g in followers] == ["0", "*", "^", "^[2]", "^[3]", "^[4]"]
    assert all(isinstance(g, conway.Game) for g in followers)
    assert cli("eval", "followers(^[4])").splitlines()[0] == "{0,*,^,^[2],^[3],^[4]}"
    left, right = conway.options("{3|1}")
    assert [str(g) for g in left] == ["3"] and [str(g) for g in right] == ["1"]
    assert conway.evaluate("left_options(*3)") == [conway.game(0), conway.game("*"), conway.game("*2")]
    # Names that would hide Python's builtins get an underscore.
    assert str(conway.pow_("^", 3)) == "^<3>" and conway.max_(3, "5/2") == 3
    assert conway.is_atomic("{0||0|v*}") and not conway.is_atomic(5)


def test_products_powers_and_lists_read_as_cgsuite_reads_them(cli):
    # CGSuite's test suite (EvalTest.scala): 3*5 is 15 and 3^5 is 243 there; here the
    # operators are set apart from the numbers, since 3*5 is how 3+*5 is printed.
    assert conway.evaluate("3 * 5") == 15 and conway.evaluate("3 ^ 5") == 243
    assert str(conway.evaluate("5*{3||2|1}")) == "{12|||11||10,{11|10}|9Tiny({2|1})}"
    assert [str(g) for g in conway.evaluate("[1, *, 2 ^ 3]")] == ["1", "*", "8"]
    with pytest.warns(UserWarning, match="write '3 \\* 5' for that"):
        assert str(conway.evaluate("3*5")) == "3*5"
    assert "note:" in cli("eval", "3*5") and "note:" not in cli("eval", "3 * 5")
    assert '"notes"' in cli("eval", "3^5", "--json")


def test_the_acceptance_sum_prints_as_cgsuite():
    # CGSuite: {3||2|1} + ^ has canonical form {3^||2^|1^}.
    assert str(conway.game("{3||2|1}") + conway.game("^")) == "{3^||2^|1^}"


def test_operators_have_cgsuites_meaning():
    up, star, zero = conway.game("^"), conway.game("*"), conway.game(0)
    assert up > 0 and up >= 0 and not up <= 0 and up != 0
    assert not star <= 0 and not star >= 0 and star != 0
    assert conway.fuzzy(star, 0) and conway.fuzzy("*", "0") and not conway.fuzzy(up, 0)
    assert up + conway.game("v") == zero == 0
    assert star + star == 0
    assert -up == conway.game("v")
    assert +up is not None and +up == up
    assert up - up == 0
    assert 1 + star == conway.game("1*") == star + 1
    assert 3 - conway.game(1) == 2
    assert Fraction(1, 2) + conway.game(Fraction(1, 4)) == conway.game("3/4")
    # Left's order on numbers is the numbers' order.
    assert conway.game(Fraction(-3, 8)) < conway.game(Fraction(1, 8)) < 1


def test_games_are_hashable_values():
    a = conway.game("{1|*}")
    b = conway.game("{1|*}") + 0
    assert a == b and hash(a) == hash(b)
    assert len({a, b, conway.game("*")}) == 2
    assert pickle.loads(pickle.dumps(a)) == a


def test_options_and_predicates():
    g = conway.game("{3||2|1}")
    assert [str(x) for x in g.left_options] == ["3"]
    assert [str(x) for x in g.right_options] == ["{2|1}"]
    assert conway.game("3/8").is_number and not conway.game("*").is_number
    assert conway.game("*4").is_nimber and conway.game(0).is_nimber
    assert not conway.game("1*").is_nimber
    assert conway.game("^*").is_infinitesimal and conway.game("Tiny(1)").is_infinitesimal
    assert not conway.game("{1|-1}").is_infinitesimal and not conway.game(1).is_infinitesimal


def test_cool_and_heat_take_python_numbers():
    g = conway.game("{3||2+*|1+*}")
    assert str(g.cool(Fraction(1, 4))) == str(g.cool("1/4")) == "{11/4||2|3/2}"
    assert str(g.heat(1)) == "{4|||3|1||0|-2}"
    with pytest.raises(ValueError, match="power of 2"):
        g.cool(Fraction(1, 3))


def test_every_eval_function_is_a_module_function_and_in_the_stub():
    stub = open(os.path.join(os.path.dirname(conway.__file__), "__init__.pyi")).read()
    for entry in conway.functions():
        name = conway.python_name(entry["name"])
        function = getattr(conway, name)
        assert entry["help"][1:] in function.__doc__
        assert f"def {name}(" in stub, f"{name} is missing from __init__.pyi"
        # The table's example gives the same from Python as the expression does.
        assert conway.evaluate(entry["example"]) == function(*example_arguments(entry))


def example_arguments(entry):
    """The arguments of a table entry's example call, as a Python caller passes them:
    games and numbers as expressions, positions without their quotes, naturals as ints."""
    inside = entry["example"].split("(", 1)[1].rsplit(")", 1)[0]
    arguments, depth, current, quoted = [], 0, "", False
    for c in inside:
        if c == "," and depth == 0 and not quoted:
            arguments.append(current.strip())
            current = ""
            continue
        quoted ^= c == '"'
        if not quoted:
            depth += c in "({[" and 1 or (c in ")}]" and -1 or 0)
        current += c
    arguments.append(current.strip())
    kinds = [kind for _, kind in entry["params"]]
    assert len(arguments) == len(kinds), entry["example"]
    convert = {
        "game": str,
        "any game": str,
        "number": str,
        "natural": int,
        "integer": int,
        "naturals": lambda a: [int(x) for x in a.strip("[]").split(",") if x.strip()],
        "text": lambda a: a.strip('"'),
        "misere game": str,
    }
    return [convert[kind](a) for kind, a in zip(kinds, arguments)]


def test_table_functions_accept_cgsuite_spellings_and_expressions():
    assert conway.call("LeftStop", "{3|2}") == 3
    assert conway.left_stop("{3|2}") == 3
    assert conway.outcome("*") == "N"
    assert conway.cutcake(2, 2) == conway.evaluate("cutcake(2,2)")


def test_bad_input_raises_located_value_errors():
    with pytest.raises(ValueError) as error:
        conway.game("{1|")
    assert error.value.column == 4 and "column 4" in str(error.value)
    with pytest.raises(ValueError) as error:
        conway.domineering("..|.$")
    assert error.value.column == 5
    with pytest.raises(ValueError, match="not a game"):
        conway.game("^ > 0")
    with pytest.raises(TypeError):
        conway.game(1.5)
    with pytest.raises(TypeError):
        conway.temperature("{1|0}", 2)
    with pytest.raises(ValueError, match="did you mean|unknown"):
        conway.call("temprature", "*")
    with pytest.raises(conway.TooLargeError, match="limit of 1024") as error:
        conway.game("1 + *100000")
    assert error.value.column == 5
    with pytest.raises(conway.TooLargeError) as error:
        conway.domineering("|".join(["." * 12] * 12))
    assert isinstance(error.value, ValueError) and "limit of 64" in str(error.value)
    with pytest.raises(ValueError):
        conway.cutcake(-1, 2)
    # A string is an expression only where a game is the only thing expected.
    with pytest.raises(TypeError):
        conway.game("*") + "1"


def test_threads_share_one_store():
    results = []

    def work(k):
        g = conway.game(f"+-{k}") + conway.game(f"+-{k + 1}")
        results.append((k, str(g), g.temperature))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, text, temperature in sorted(results):
        assert text == str(conway.game(f"+-{k}+-{k + 1}"))
        assert temperature == k + 1


def test_every_public_name_is_in_the_stub_and_documented():
    stub = open(os.path.join(os.path.dirname(conway.__file__), "__init__.pyi")).read()
    for name in conway.__all__:
        if name == "__version__":
            continue
        assert f"def {name}(" in stub or f"class {name}" in stub, f"{name} is missing from the stub"
        assert getattr(conway, name).__doc__, f"{name} has no docstring"


MOVE_POSITIONS = [
    'domineering("...|...")',
    'clobber("xox|ox.")',
    'toads_and_frogs("tt..ff")',
    'hackenbush("0-1:l 1-2:r 2-0:e")',
    'domineering("..|..") + *',
    'backsliding_toads_and_frogs("ttt..fff")',
    'fox_and_geese("x.x.x.x.|........|o.......")',
]


@pytest.mark.parametrize("position", MOVE_POSITIONS)
def test_moves_match_the_cli(cli, position):
    """The good moves and every move are those ``conway eval`` lists, field for field."""
    for every, flags in [(False, []), (True, ["--every-move"])]:
        report = json.loads(cli("eval", position, "--json", *flags))
        listed = conway.moves(position, every=every)
        as_dicts = lambda moves: [vars(m) for m in moves]  # noqa: E731
        # The JSON leaves out a short game's `draws` and `plies`.
        filled = lambda moves: [{"draws": False, "plies": None, **m} for m in moves]  # noqa: E731
        assert as_dicts(listed.left) == filled(report["left_moves"])
        assert as_dicts(listed.right) == filled(report["right_moves"])
        assert listed.every_move is every


def test_moves_play_a_game_out():
    """Each ``to`` reads back: Left, always taking a winning move, wins 2x3 Domineering
    moving first (its value {2|-1/2} is a first-player win), and every position on the way
    agrees."""
    position, mover = 'domineering("...|...")', "left"
    assert str(conway.game(position)) == "{2|-1/2}"
    while True:
        side = getattr(conway.moves(position), mover)
        if not side:
            break
        chosen = next((m for m in side if m.wins), side[0])
        assert str(conway.game(chosen.to)) == chosen.value
        position, mover = chosen.to, "right" if mover == "left" else "left"
    assert mover == "right", "Right is the one left without a move"


def test_moves_refuse_a_plain_game():
    with pytest.raises(ValueError, match="no moves to list"):
        conway.moves("{1|*}")
    with pytest.raises(ValueError) as error:
        conway.moves('domineering("..|.q")')
    assert "'q'" in str(error.value)


BIG = 10**30


def test_huge_numbers_and_wide_nimbers_neither_crash_nor_hang():
    """Game arithmetic on 30-digit integers once overflowed the stack and killed the
    interpreter (conjunctive sums), or allocated without end (followers); nimbers were
    multiplied as games. Numbers and nimbers have closed forms now, and what has none is
    refused as too large."""
    assert str(conway.conjunctive_sum(BIG, BIG)) == str(BIG)
    assert str(conway.selective_sum(BIG, -BIG)) == "0"
    assert conway.follower_count(BIG) == BIG + 1
    assert str(conway.subordinate(BIG, 1)) == str(BIG - 1)
    assert str(conway.conway_product("*19", "*23")) == "*86"
    assert str(conway.conway_product(BIG, BIG)) == str(BIG * BIG)
    with pytest.raises(conway.TooLargeError, match="the set of followers"):
        conway.followers(BIG)
    with pytest.raises(conway.TooLargeError, match="birthday"):
        conway.conway_product(BIG, "{1|-1}")


def test_deep_games_use_the_evaluation_stack_on_any_thread():
    """A game 100,000 levels deep needs more than a thread's 8 MiB: Python evaluates it on
    the stack the CLI gives its evaluations, from the main thread and from a small one."""
    expression = "conjunctive_sum(100000*{0|*}, 100000*{0|*})"
    assert str(conway.evaluate(expression)) == "^100000"
    answers = []
    old = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=lambda: answers.append(conway.stop_count("100000*{0|*}")))
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old)
    assert answers == [100003]


def test_a_panic_never_crosses_into_python():
    """The last line of defence: a panic is InternalError (a RuntimeError, so ``except
    Exception`` sees it), never PanicException."""
    with pytest.raises(conway.InternalError, match="the boundary's own test"):
        conway._native._panic_for_test()
    assert issubclass(conway.InternalError, RuntimeError)


def test_gen_clobber_takes_cgsuites_parameters_and_refuses_endless_rules():
    # King's steps onto the other's stones are Kings (CGSuite's GameGridTest value).
    kings = conway.gen_clobber("compass", "o/x", "./.", "1", "xox|ox.")
    assert kings == conway.kings("xox|ox.") == conway.game("{^^*|*,v[2]}")
    with pytest.raises(ValueError, match="for ever"):
        conway.gen_clobber("orthogonal", "./.", "./.", "1", "x.o")
    with pytest.raises(ValueError, match="directions"):
        conway.gen_clobber("bishop", "o/x", "./.", "1", "x.o")


def test_generic_rulesets_take_their_rules_as_python_values():
    """MCGS's gen_toads and gen_king_dirt: the rules as ints and words in the eval
    functions, as ints and bools in conway.solve, whose outcome is the value's."""
    strip = "tt.t..ff.f"
    value = conway.gen_toads_and_frogs(1, 2, 1, "true", strip)
    solved = conway.solve("gen_toads_and_frogs", 1, 2, 1, True, strip)
    assert solved.outcome == conway.outcome(value)
    board = "x..|.#.|..o"
    dirt = conway.gen_king_dirt(1, 1, "false", board)
    assert conway.solve("gen-king-dirt", 1, 1, False, board).outcome == conway.outcome(dirt)
    with pytest.raises(ValueError):
        conway.gen_toads_and_frogs(-1, 1, 1, "false", strip)
    with pytest.raises(ValueError):
        conway.gen_king_dirt(1, 1, "perhaps", board)


def test_variants_of_positions_and_of_games():
    # A ruleset position given as a string is played on its own moves; a Game on its
    # canonical form: Domineering "...|..#" is ±1, whose dicotic variant is *, while the
    # position's is *2.
    assert conway.dicotic_variant('domineering("...|..#")') == conway.Game("*2")
    assert conway.dicotic_variant(conway.domineering("...|..#")) == conway.Game("*")
    board = ".........|##.######"
    assert conway.impartial_variant(f'domineering("{board}")') == conway.cram(board)
    assert conway.twisted_variant(5) == conway.Game(1)
    assert "played on its own moves" in conway.twisted_variant.__doc__
    with pytest.raises(ValueError, match="sum with a ruleset's position"):
        conway.dicotic_variant('domineering("..") + *')
