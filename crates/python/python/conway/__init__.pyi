"""Type stubs for the Python package ``conway`` (the native module's names and the
functions generated from ``conway eval``'s table)."""

from fractions import Fraction
from typing import Any, Callable, Hashable, Iterable, List, Literal, Optional, Union

__version__: str

GameLike = Union["Game", int, Fraction, str]
"""A game, a number (an int or a dyadic Fraction) or an expression such as "{1|*}"."""

NumberLike = Union[int, Fraction, str]
"""A dyadic rational: an int, a Fraction whose denominator is a power of 2, or "3/8"."""

OutcomeClass = Literal["L", "R", "P", "N"]

Progress = Union[bool, Callable[[int, Optional[int], str], Any]]
"""``progress``: True for a bar, or a callable given (done, total or None, unit)."""

class TooLargeError(ValueError):
    """An input past a documented limit, or a computation past its work budget."""

class Game:
    """A short partizan game in canonical form, compared and added as CGSuite does."""

    def __init__(self, value: GameLike) -> None: ...
    def __add__(self, other: GameLike) -> Game: ...
    def __radd__(self, other: GameLike) -> Game: ...
    def __sub__(self, other: GameLike) -> Game: ...
    def __rsub__(self, other: GameLike) -> Game: ...
    def __neg__(self) -> Game: ...
    def __pos__(self) -> Game: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __le__(self, other: GameLike) -> bool: ...
    def __ge__(self, other: GameLike) -> bool: ...
    def __lt__(self, other: GameLike) -> bool: ...
    def __gt__(self, other: GameLike) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def canonical(self) -> str: ...
    @property
    def outcome(self) -> OutcomeClass: ...
    @property
    def left_stop(self) -> Fraction: ...
    @property
    def right_stop(self) -> Fraction: ...
    @property
    def mean(self) -> Fraction: ...
    @property
    def temperature(self) -> Fraction: ...
    @property
    def thermograph(self) -> Thermograph: ...
    @property
    def atomic_weight(self) -> Game: ...
    @property
    def reduced(self) -> Game: ...
    @property
    def birthday(self) -> int: ...
    @property
    def left_options(self) -> List[Game]: ...
    @property
    def right_options(self) -> List[Game]: ...
    @property
    def is_number(self) -> bool: ...
    @property
    def is_nimber(self) -> bool: ...
    @property
    def is_infinitesimal(self) -> bool: ...
    def cool(self, t: NumberLike) -> Game: ...
    def heat(self, t: GameLike) -> Game: ...

class Thermograph:
    """A thermograph: walls as CGSuite prints them, mean, temperature and an SVG drawing."""

    @property
    def mean(self) -> Fraction: ...
    @property
    def temperature(self) -> Fraction: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

Options = Callable[[Any], Iterable[Hashable]]
"""``options(position)``: the positions one move away."""

Components = Callable[[Any], Optional[Iterable[Hashable]]]
"""``components(position)``: the independent parts of a sum, or None."""

class ImpartialGame:
    """A user's impartial game, memoised across questions."""

    def __init__(
        self,
        options: Optional[Options] = None,
        components: Optional[Components] = None,
        progress: Progress = False,
    ) -> None: ...
    def grundy(self, position: Hashable) -> int: ...
    def table(self, positions: Iterable[Hashable]) -> List[int]: ...
    def outcome(self, position: Hashable, misere: bool = False) -> Literal["P", "N"]: ...
    def winning_moves(self, position: Hashable, misere: bool = False) -> List[Any]: ...
    @property
    def positions_evaluated(self) -> int: ...

def grundy_value(
    position: Hashable,
    options: Optional[Options] = None,
    components: Optional[Components] = None,
    progress: Progress = False,
) -> int:
    """The Grundy value of a position of an impartial game."""

def winning_moves(
    position: Hashable,
    options: Optional[Options] = None,
    misere: bool = False,
    components: Optional[Components] = None,
    progress: Progress = False,
) -> List[Any]:
    """The positions to move to in order to win."""

def grundy_table(
    options: Optional[Options],
    positions: Iterable[Hashable],
    components: Optional[Components] = None,
    progress: Progress = False,
) -> List[int]:
    """The Grundy values of several positions, in order."""

Moves = Callable[[Any], Iterable[Hashable]]
"""``left_moves(position)`` or ``right_moves(position)``: a player's options."""

class PartizanGame:
    """A user's partizan game, memoised across questions."""

    def __init__(
        self,
        left_moves: Optional[Moves] = None,
        right_moves: Optional[Moves] = None,
        components: Optional[Components] = None,
        progress: Progress = False,
    ) -> None: ...
    def canonical_form(self, position: Hashable) -> Game: ...
    @property
    def positions_evaluated(self) -> int: ...

def canonical_form(
    position: Hashable,
    left_moves: Optional[Moves] = None,
    right_moves: Optional[Moves] = None,
    components: Optional[Components] = None,
    progress: Progress = False,
) -> Game:
    """The canonical form of a position of your own partizan game."""

class HeapSequence:
    """The Grundy values of heaps 0..computed_to of a heap game, and their period."""

    game: str
    computed_to: int
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    certified: bool
    values: Any
    """A NumPy array of unsigned integers when NumPy is installed, else a list of ints."""
    def __len__(self) -> int: ...
    def __getitem__(self, heap: int) -> int: ...
    def svg(self, heaps: int = 200) -> str:
        """A plot of the values of heaps 0..heaps, the periodic part shaded (SVG)."""

class Board:
    """A grid ruleset's position with its value, drawn by Jupyter."""

    ruleset: str
    position: str
    value: Game
    def _repr_svg_(self) -> str: ...

class Move:
    """One move: in words, the position it leaves, its value, whether it wins."""
    move: str
    to: str
    value: str
    wins: bool

class Moves:
    """Each player's moves of a position."""
    left: List[Move]
    right: List[Move]
    every_move: bool
    note: Optional[str]

def moves(position: str, every: bool = False) -> Moves:
    """The moves of a ruleset position or a sum with one (good ones unless ``every``)."""

def board(ruleset: Literal["domineering", "clobber", "toads_and_frogs"], position: str) -> Board:
    """A grid ruleset's position with its value."""

def heap_sequence(
    game: Union[str, Callable[[int], Iterable[Any]]], to: int, progress: Progress = False
) -> HeapSequence:
    """The Grundy values of heaps 0..to of a heap game (a code or your own rule) and their period."""

class Equilibrium(tuple):
    """A Nash equilibrium: one tuple of exact probabilities per player."""

    @property
    def floats(self) -> tuple: ...

class Equilibria(List[Equilibrium]):
    """The equilibria found, with the method, players, components and zero-sum value."""

    method: str
    players: List[str]
    components: Optional[List[List[int]]]
    value: Optional[Fraction]

class NormalFormGame:
    """A finite game in normal form with exact payoffs."""

    title: str
    players: tuple
    strategies: tuple
    shape: tuple
    def __init__(
        self,
        payoffs: Any,
        players: Optional[Iterable[str]] = None,
        strategies: Optional[Iterable[Iterable[str]]] = None,
        title: str = "",
    ) -> None: ...
    @classmethod
    def bimatrix(cls, A: Any, B: Any = None, title: str = "") -> NormalFormGame: ...
    @property
    def num_players(self) -> int: ...
    def payoff(self, *profile: int) -> tuple: ...
    def __getitem__(self, profile: tuple) -> tuple: ...
    def matrices(self) -> tuple: ...
    def write(self, path: Any = None, outcomes: bool = False) -> str: ...

def parse_nfg(text: str) -> NormalFormGame:
    """The game a Gambit .nfg text describes."""

def read_nfg(source: Any) -> NormalFormGame:
    """The game in a Gambit .nfg file (a path or an open file)."""

def write_nfg(game: NormalFormGame, path: Any = None, outcomes: bool = False) -> str:
    """The game as .nfg text, written to ``path`` when given."""

def nash(
    A: Any,
    B: Any = None,
    method: Optional[Literal["enum", "pure", "support", "lh", "lp"]] = None,
    components: bool = False,
    label: Optional[int] = None,
    progress: Progress = False,
) -> Equilibria:
    """Every Nash equilibrium of a bimatrix game, a NormalFormGame or a .nfg file, exactly."""

def ess(A: Any) -> dict:
    """The evolutionarily stable strategies of a symmetric game."""

def stable(A: Any, agents: int, progress: Progress = False) -> dict:
    """The stochastically stable states of a symmetric game played by ``agents`` agents."""

def replicator(
    A: Any,
    start: Optional[Iterable[Any]] = None,
    t: float = 10.0,
    dt: float = 0.01,
    every: int = 10,
    discrete: bool = False,
    steps: int = 100,
) -> Any:
    """Rest points of the replicator dynamic, or a trajectory from ``start``."""

def nash_methods() -> List[tuple]:
    """The methods ``nash`` takes: (name, what it finds)."""

class Retrograde:
    """Every state reachable from the start states, solved exactly."""

    def outcome(self, state: Hashable) -> Literal["win", "loss", "draw"]: ...
    def plies(self, state: Hashable) -> Optional[int]: ...
    def best_move(self, state: Hashable) -> Any: ...
    def census(self) -> dict: ...
    def __len__(self) -> int: ...

def retrograde(
    start_states: Iterable[Hashable],
    successors: Callable[[Any], Iterable[Hashable]],
    terminal_value: Optional[Callable[[Any], Optional[str]]] = None,
    progress: Progress = False,
) -> Retrograde:
    """Explores a game with cycles from its start states and solves every state reached."""

class Infinite:
    """∞(K): a loopy position's value, K the finite values of its options."""

    @property
    def finite_options(self) -> List[int]: ...

def loopy_grundy(
    edges: Iterable[tuple],
    vertices: Optional[Iterable[Hashable]] = None,
    progress: Progress = False,
) -> dict:
    """The generalized Sprague-Grundy value of every vertex of a loopy game's graph."""

def game(value: GameLike) -> Game:
    """The game an expression in CGSuite's notation, or a number, stands for."""

def evaluate(expression: str) -> Union[Game, bool, Fraction, int, Thermograph, str, list]:
    """The value of any ``conway eval`` expression."""

def fuzzy(g: GameLike, h: GameLike) -> bool:
    """Whether g and h are confused (incomparable)."""

def call(name: str, *args: Any) -> Union[Game, bool, Fraction, int, Thermograph, str, list]:
    """The ``conway eval`` function ``name`` applied to ``args``."""

def functions() -> List[dict]:
    """``conway eval``'s function table: name, aliases, params, help, signature, example."""

def python_name(name: str) -> str:
    """The module function's name for an ``eval`` function."""

# One per entry of ``conway eval``'s table (tests check that this list matches it).
def temperature(G: GameLike) -> Fraction: ...
def mean(G: GameLike) -> Fraction: ...
def left_stop(G: GameLike) -> Fraction: ...
def right_stop(G: GameLike) -> Fraction: ...
def thermograph(G: GameLike) -> Thermograph: ...
def cool(G: GameLike, t: NumberLike) -> Game: ...
def heat(G: GameLike, t: GameLike) -> Game: ...
def atomic_weight(G: GameLike) -> Game: ...
def reduced(G: GameLike) -> Game: ...
def birthday(G: GameLike) -> int: ...
def outcome(
    position: Any,
    options: Optional[Options] = None,
    misere: bool = False,
    components: Optional[Components] = None,
    progress: Progress = False,
) -> OutcomeClass:
    """A partizan game's outcome class, or an impartial position's ("P" or "N")."""
def tiny(x: GameLike) -> Game: ...
def miny(x: GameLike) -> Game: ...
def left_options(G: GameLike) -> List[Game]: ...
def right_options(G: GameLike) -> List[Game]: ...
def options(G: GameLike) -> List[List[Game]]: ...
def followers(G: GameLike) -> List[Game]: ...
def follower_count(G: GameLike) -> int: ...
def incentives(G: GameLike) -> List[Game]: ...
def left_incentives(G: GameLike) -> List[Game]: ...
def right_incentives(G: GameLike) -> List[Game]: ...
def stop_count(G: GameLike) -> int: ...
def degree(G: GameLike) -> int: ...
def companion(G: GameLike) -> Game: ...
def is_number(G: GameLike) -> bool: ...
def is_integer(G: GameLike) -> bool: ...
def is_nimber(G: GameLike) -> bool: ...
def is_number_up_star(G: GameLike) -> bool: ...
def is_uptimal(G: GameLike) -> bool: ...
def is_infinitesimal(G: GameLike) -> bool: ...
def is_all_small(G: GameLike) -> bool: ...
def is_atomic(G: GameLike) -> bool: ...
def is_numberish(G: GameLike) -> bool: ...
def is_number_tiny(G: GameLike) -> bool: ...
def is_switch(G: GameLike) -> bool: ...
def is_zero(G: GameLike) -> bool: ...
def is_ordinal(G: GameLike) -> bool: ...
def is_even(G: GameLike) -> bool: ...
def is_odd(G: GameLike) -> bool: ...
def is_even_tempered(G: GameLike) -> bool: ...
def is_odd_tempered(G: GameLike) -> bool: ...
def floor(x: NumberLike) -> Fraction: ...
def ceiling(x: NumberLike) -> Fraction: ...
def max_(x: NumberLike, y: NumberLike) -> Fraction: ...
def min_(x: NumberLike, y: NumberLike) -> Fraction: ...
def nim_sum(m: int, n: int) -> int: ...
def nim_product(m: int, n: int) -> int: ...
def pow_(G: GameLike, n: int) -> Game: ...
def pow_to(G: GameLike, n: int) -> Game: ...
def norton_product(G: GameLike, U: GameLike) -> Game: ...
def conway_product(G: GameLike, H: GameLike) -> Game: ...
def conjunctive_sum(G: GameLike, H: GameLike) -> Game: ...
def selective_sum(G: GameLike, H: GameLike) -> Game: ...
def domineering(position: str) -> Game: ...
def hackenbush(position: str) -> Game: ...
def toads_and_frogs(position: str) -> Game: ...
def clobber(position: str) -> Game: ...
def cutcake(m: int, n: int) -> Game: ...
