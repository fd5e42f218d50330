"""Checks of arguments made before the library is called, so that a bad one is a
``TypeError`` or ``ValueError`` with a message naming it, as the CLI's are, and never an
``OverflowError`` from the conversion to a machine integer."""

import numbers

# The largest whole number the library takes for a count or a heap (64 bits).
MAX_WHOLE = 2**64 - 1


def whole(value, name, limit=MAX_WHOLE):
    """``value`` as an int from 0 to ``limit``: a ``TypeError`` when it is not a whole
    number (True and False are not), a ``ValueError`` when it is out of range."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    value = int(value)
    if not 0 <= value <= limit:
        raise ValueError(f"{name} must be a whole number from 0 to {limit}, not {value}")
    return value


def optional_whole(value, name, limit=MAX_WHOLE):
    """``whole``, or None."""
    return None if value is None else whole(value, name, limit)
