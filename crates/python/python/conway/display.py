"""Pictures for notebooks: boards of the grid rulesets and plots of heap sequences, drawn
as SVG (Jupyter shows an object's ``_repr_svg_``). Drawing only: every value shown comes
from the library."""

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


def sequence_svg(sequence, heaps=200):
    """A plot of the first ``heaps`` values of a ``HeapSequence``, the periodic part
    shaded from its preperiod."""
    values = [int(v) for v in sequence.values[: heaps + 1]]
    if not values:
        return _svg(10, 10, "")
    width, height, pad = 640, 200, 24
    top = max(values) or 1
    step = (width - 2 * pad) / max(len(values) - 1, 1)

    def point(i, v):
        return pad + i * step, height - pad - (height - 2 * pad) * v / top

    body = []
    if sequence.preperiod is not None and sequence.preperiod < len(values):
        x0, _ = point(sequence.preperiod, 0)
        body.append(
            f'<rect x="{x0:.1f}" y="{pad}" width="{width - pad - x0:.1f}" '
            f'height="{height - 2 * pad}" fill="#eef4ff"/>'
        )
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.8" fill="#1f5fbf"/>'
        for x, y in (point(i, v) for i, v in enumerate(values))
    )
    body.append(dots)
    label = f"{sequence.game}: heaps 0..{len(values) - 1}, values 0..{top}"
    if sequence.period is not None:
        label += f"; period {sequence.period} from heap {sequence.preperiod}"
    body.append(f'<text x="{pad}" y="16" font-size="13">{escape(label)}</text>')
    return _svg(width, height, "".join(body))
