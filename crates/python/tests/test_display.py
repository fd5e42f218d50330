"""Pictures for notebooks: well-formed SVG that shows what the library computed."""

import re
import xml.etree.ElementTree as ElementTree

import pytest

import conway

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ElementTree.fromstring(svg)


def test_boards_draw_their_squares_pieces_and_value():
    b = conway.board("clobber", "xox|o.x")
    root = parse(b._repr_svg_())
    assert len(root.findall(f"{SVG}rect")) == 6
    assert len(root.findall(f"{SVG}circle")) == 5
    assert root.find(f"{SVG}text").text == str(conway.clobber("xox|o.x")) == str(b.value)
    d = conway.board("domineering", "..#|...")
    assert len(parse(d._repr_svg_()).findall(f"{SVG}rect")) == 6
    with pytest.raises(ValueError):
        conway.board("go", "..")
    with pytest.raises(ValueError):
        conway.board("domineering", "..|.q")


def test_every_ruleset_with_a_board_is_drawn_from_the_registry():
    """Each ruleset the registry draws on squares: its example position drawn, one circle
    per square holding a piece (a player's, or Fission's stones either may use), as the
    registry says of each symbol."""
    for ruleset in conway.rulesets():
        if not ruleset["board"] or len(ruleset["params"]) != 1:
            continue
        position = ruleset["example"].split('"')[1]
        pieces = {s["symbol"]: s["piece"] for s in ruleset["board"]["squares"]}
        if not all(c in pieces or c == "|" for c in position):
            continue  # written in another notation (coordinates)
        root = parse(conway.board(ruleset["name"], position)._repr_svg_())
        players = sum(pieces.get(c) in ("left", "right", "either") for c in position)
        assert len(root.findall(f"{SVG}circle")) == players, ruleset["name"]
        assert len(root.findall(f"{SVG}rect")) == sum(c != "|" for c in position)


def test_pictures_draw_each_edge_the_library_reads():
    """Hackenbush stalks and graphs: one coloured line per edge, as the library read them,
    and the value."""
    stalks = conway.board("hackenbush", "lr|e")
    assert stalks.picture == {"stalks": [["left", "right"], ["either"]]}
    root = parse(stalks._repr_svg_())
    colours = [l.get("stroke") for l in root.findall(f"{SVG}line")][1:]
    assert colours == ["#1f5fbf", "#bf2f1f", "#2f9f4f"]
    assert root.find(f"{SVG}text").text == str(conway.hackenbush("lr|e"))
    graph = conway.board("childish_hackenbush", "0-1:l 1-2:r 2-0:e")
    assert len(graph.picture["graph"]) == 3
    assert len(parse(graph._repr_svg_()).findall(f"{SVG}line")) == 1 + 3
    with pytest.raises(ValueError):
        conway.board("hackenbush", "lrq")


def test_rulesets_are_the_module_functions():
    """Every ruleset of the registry is a module function of its name, described with the
    parameters that function takes."""
    described = conway.rulesets()
    assert len(described) >= 20
    for ruleset in described:
        function = getattr(conway, ruleset["name"])
        assert callable(function), ruleset["name"]
        assert ruleset["example"].startswith(ruleset["name"] + "(")
        value = conway.evaluate(ruleset["example"])
        assert str(value), ruleset["name"]


def test_ruleset_limits_are_stated_and_kept():
    """Each ruleset says what it refuses past, and refuses it: one more empty square than
    Cram's limit is too large, the limit itself is not."""
    for ruleset in conway.rulesets():
        assert ruleset["limits"], ruleset["name"]
        assert all(limit["most"] > 0 and limit["what"] for limit in ruleset["limits"])
    (cram,) = [r for r in conway.rulesets() if r["name"] == "cram"]
    what = "empty squares outside strips and half-turn-symmetric regions"
    (empty,) = [limit["most"] for limit in cram["limits"] if limit["what"] == what]
    # Regions three squares wide: 3 x 3 boxes with a corner filled (8 empty squares each)
    # and an L of 4 squares, or of 5 for one square past the limit.
    blocks = (empty - 4) // 8
    assert blocks * 8 + 4 == empty

    def board(last):
        rows = [["...", "...", "..#"]] * blocks + [last]
        return "|".join("#".join(block[r] for block in rows) for r in range(3))

    with pytest.raises(conway.TooLargeError):
        conway.cram(board(["...", "..#", "###"]))
    # Cram is an impartial game: its value at the limit is a nimber.
    assert re.fullmatch(r"0|\*\d*", str(conway.cram(board(["...", ".##", "###"]))))


def test_heap_sequences_plot_every_value_and_the_period():
    kayles = conway.heap_sequence("kayles", 1000)
    root = parse(kayles._repr_svg_())
    assert len(root.findall(f"{SVG}circle")) == 201  # the first 200 heaps are drawn
    assert "period 12 from heap 71" in root.find(f"{SVG}text").text
    assert len(root.findall(f"{SVG}rect")) == 1  # the shaded periodic part


def test_thermographs_draw():
    root = parse(conway.game("{3||2|1}").thermograph._repr_svg_())
    assert root.tag == f"{SVG}svg"
