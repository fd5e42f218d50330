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


class Board:
    """A position of a grid ruleset (``"domineering"``, ``"clobber"`` or
    ``"toads_and_frogs"``) in ``conway eval``'s notation: its ``value`` (a ``Game``) and a
    drawing of it."""

    RULESETS = ("domineering", "clobber", "toads_and_frogs")

    def __init__(self, ruleset, position):
        if ruleset not in self.RULESETS:
            raise ValueError(f"unknown ruleset '{ruleset}' (one of {', '.join(self.RULESETS)})")
        from . import call

        self.ruleset, self.position = ruleset, position
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
                fill = "#333" if square == "#" else "#fff"
                body.append(
                    f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                    f'fill="{fill}" stroke="#888"/>'
                )
                piece = {"x": "#1f5fbf", "o": "#bf2f1f", "t": "#1f5fbf", "f": "#bf2f1f"}.get(square.lower())
                if piece:
                    body.append(
                        f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" '
                        f'r="{CELL / 2 - 4}" fill="{piece}"/>'
                    )
        body.append(
            f'<text x="0" y="{len(rows) * CELL + 16}" font-size="13">{escape(str(self.value))}</text>'
        )
        return _svg(max(width, 160), height, "".join(body))
