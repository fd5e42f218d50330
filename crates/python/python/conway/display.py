"""Pictures for notebooks: boards of the grid rulesets, drawn as SVG (Jupyter shows an
object's ``_repr_svg_``). Drawing only: every value shown comes from the library. Heap
sequences and thermographs are drawn by the library itself."""

from __future__ import annotations

from html import escape

CELL = 28


def _svg(width, height, body):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">{body}</svg>'
    )


_COLOURS = {"left": "#1f5fbf", "right": "#bf2f1f"}


def _boards():
    """The rulesets drawn on squares, by name: each symbol's piece, from the registry."""
    from . import rulesets

    return {
        r["name"]: {s["symbol"]: s["piece"] for s in r["board"]["squares"]}
        for r in rulesets()
        if r["board"] and len(r["params"]) == 1
    }


class Board:
    """A position of a ruleset drawn on squares (Domineering, Clobber, Toads and Frogs, … :
    those whose ``conway.rulesets()`` entry has a ``board``) in ``conway eval``'s notation: its ``value`` (a ``Game``, or a ``LoopyGame``) and a
    drawing of it."""

    def __init__(self, ruleset, position):
        boards = _boards()
        if ruleset not in boards:
            raise ValueError(f"unknown ruleset '{ruleset}' (one of {', '.join(boards)})")
        from . import call

        self.ruleset, self.position = ruleset, position
        self.pieces = boards[ruleset]
        self.value = call(ruleset, position)  # also checks the position

    def __repr__(self):
        return f"{self.ruleset}({self.position!r}) = {self.value}"

    def _repr_svg_(self):
        rows = self.position.split("|")
        width = max(len(r) for r in rows) * CELL
        height = len(rows) * CELL + 22
        body = []
        for y, row in enumerate(rows):
            for x, square in enumerate(row):
                piece = self.pieces.get(square, self.pieces.get(square.lower()))
                fill = "#333" if piece == "filled" else "#fff"
                body.append(
                    f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                    f'fill="{fill}" stroke="#888"/>'
                )
                colour = _COLOURS.get(piece)
                if colour:
                    body.append(
                        f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" '
                        f'r="{CELL / 2 - 4}" fill="{colour}"/>'
                    )
        body.append(
            f'<text x="0" y="{len(rows) * CELL + 16}" font-size="13">{escape(str(self.value))}</text>'
        )
        return _svg(max(width, 160), height, "".join(body))
