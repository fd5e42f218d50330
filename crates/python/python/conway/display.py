"""Pictures for notebooks: boards of the grid rulesets, drawn as SVG (Jupyter shows an
object's ``_repr_svg_``). Drawing only: every value shown comes from the library. Heap
sequences and thermographs are drawn by the library itself."""

from __future__ import annotations

import functools
from html import escape

CELL = 28


def _svg(width, height, body):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">{body}</svg>'
    )


_COLOURS = {"left": "#1f5fbf", "right": "#bf2f1f", "either": "#2f9f4f"}


@functools.cache
def _boards():
    """The rulesets drawn on squares, by name: each symbol's piece and the character between
    rows, from the registry (read once: the registry is fixed in the library)."""
    from . import rulesets

    return {
        r["name"]: ({s["symbol"]: s["piece"] for s in r["board"]["squares"]}, r["board"]["row_separator"])
        for r in rulesets()
        if r["board"] and len(r["params"]) == 1
    }


@functools.cache
def _pictured():
    """The rulesets drawn as edges (stalks or a graph), by name, from the registry."""
    from . import rulesets

    return frozenset(r["name"] for r in rulesets() if r["pictured"])


class Picture:
    """A position of a ruleset drawn as edges (Hackenbush, Childish Hackenbush): the library
    reads it into stalks or a graph, with its ``value``; Jupyter draws it."""

    def __init__(self, ruleset, position):
        import json

        from . import _native, call

        self.ruleset, self.position = ruleset, position
        self.picture = json.loads(_native._picture(ruleset, position))
        self.value = call(ruleset, position)

    def __repr__(self):
        return f"{self.ruleset}({self.position!r}) = {self.value}"

    def _repr_svg_(self):
        if "stalks" in self.picture:
            lines, width, height = self._stalks(self.picture["stalks"])
        else:
            lines, width, height = self._graph(self.picture["graph"])
        ground = height - 30
        body = [f'<line x1="0" y1="{ground}" x2="{width}" y2="{ground}" stroke="#555" stroke-width="3"/>']
        for x1, y1, x2, y2, piece in lines:
            body.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{_COLOURS[piece]}" '
                'stroke-width="4"/>'
            )
        body.append(f'<text x="0" y="{height - 8}" font-size="13">{escape(str(self.value))}</text>')
        return _svg(width, height, "".join(body))

    @staticmethod
    def _stalks(stalks):
        """Each stalk a column of edges from the ground up."""
        tallest = max((len(s) for s in stalks), default=0)
        height = tallest * CELL + 50
        ground = height - 30
        lines = [
            (CELL * (i + 1), ground - CELL * e, CELL * (i + 1), ground - CELL * (e + 1), piece)
            for i, stalk in enumerate(stalks)
            for e, piece in enumerate(stalk)
        ]
        return lines, max(CELL * (len(stalks) + 1), 160), height

    @staticmethod
    def _graph(edges):
        """Each vertex at its distance from the ground (vertex 0), spread across its level;
        an edge to the ground lands below its other end."""
        level = {0: 0}
        grew = True
        while grew:
            grew = False
            for e in edges:
                for u, v in ((e["a"], e["b"]), (e["b"], e["a"])):
                    if u in level and v not in level:
                        level[v], grew = level[u] + 1, True
        rows = {}
        for v, lv in sorted(level.items()):
            if v:
                rows.setdefault(lv, []).append(v)
        width = max(160, CELL * 2 * (max((len(r) for r in rows.values()), default=1) + 1))
        height = CELL * 2 * (max(level.values()) + 1) + 50
        ground = height - 30
        place = {
            v: (width * (i + 1) / (len(vs) + 1), ground - CELL * 2 * lv)
            for lv, vs in rows.items()
            for i, v in enumerate(vs)
        }
        lines = []
        for e in edges:
            a, b = place.get(e["a"]), place.get(e["b"])
            if a is None:
                a = (b[0], ground)
            if b is None:
                b = (a[0], ground)
            lines.append((a[0], a[1], b[0], b[1], e["piece"]))
        return lines, width, height


class Board:
    """A position of a ruleset drawn on squares (Domineering, Clobber, Toads and Frogs, … :
    those whose ``conway.rulesets()`` entry has a ``board``) in ``conway eval``'s notation: its ``value`` (a ``Game``, or a ``LoopyGame``) and a
    drawing of it."""

    def __init__(self, ruleset, position):
        from ._ruleset import Ruleset, registered

        own = ruleset if isinstance(ruleset, Ruleset) else registered(ruleset)
        if own is not None:
            # A ruleset of your own, drawn by its ``board``.
            if not own.board:
                raise ValueError(f"the ruleset '{own.name}' has no board")
            self.ruleset, self.position = own.name, position
            self.pieces, self._row_separator = dict(own.board), "|"
            self.value = own(position)
            return
        boards = _boards()
        if ruleset not in boards:
            raise ValueError(f"unknown ruleset '{ruleset}' (one of {', '.join(boards)})")
        from . import call

        self.ruleset, self.position = ruleset, position
        self.pieces, self._row_separator = boards[ruleset]
        self.value = call(ruleset, position)  # also checks the position

    def __repr__(self):
        return f"{self.ruleset}({self.position!r}) = {self.value}"

    def _repr_svg_(self):
        rows = self.position.split(self._row_separator)
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
