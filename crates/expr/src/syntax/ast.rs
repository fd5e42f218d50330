//! The syntax tree of an expression, exactly as written: nothing is evaluated, reduced or
//! checked for meaning here (`3/5` and `f(x)` are fine syntax; the evaluator rejects them).
//!
//! Every node carries the 1-based column (counted in characters) where it was written, so that
//! the evaluator can point at the part of the input it cannot handle. `Display` writes an
//! expression back in the same notation, with just the parentheses its structure needs, so that
//! printing and parsing again gives the same tree (columns aside).

use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, Zero};

/// One node of the syntax tree and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    /// The 1-based column (in characters) of the node: the first character of a literal,
    /// name, brace, sign or call, and the operator itself for `+`, `-`, `:` and comparisons.
    /// A game written with extra bars (`{3||2|1}`) has no brace of its own for `{2|1}`; it is
    /// placed at its first option.
    pub column: usize,
    /// What the node is.
    pub kind: ExprKind,
}

/// The kinds of node. Parentheses leave no node of their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprKind {
    /// A number on its own: `3`, `-2`, `3/4`, `1.25`.
    Number(Box<Number>),
    /// A number-up-star literal with an up or a star part: `*`, `*3`, `^`, `vv*`, `^3*2`, and
    /// with a number written in front, as CGSuite prints them, `2*`, `3^`, `1/2v*3`, `-1/2^*`.
    UpStar(Box<UpStar>),
    /// A game `{left | right}` given by its options; either side may be empty (`{|}` is 0).
    /// Extra bars are already resolved: `{3||2|1}` is `{3 | {2|1}}`.
    Game {
        /// Left's options.
        left: Vec<Expr>,
        /// Right's options.
        right: Vec<Expr>,
    },
    /// A switch: `+-G` is `{G | −G}`, with one option; `+-{A,B}` (braces without a bar) is
    /// `{A,B | −A,−B}`, with several. Never empty.
    PlusMinus(Vec<Expr>),
    /// The negative `-G`.
    Neg(Box<Expr>),
    /// A misère canonical form `*[…]`, whose operand is the list written after the `*`.
    Misere(Box<Expr>),
    /// The disjunctive sum `G + H`. Infix `G +- H` is written to this as `G + (+-H)`.
    Add(Box<Expr>, Box<Expr>),
    /// The difference `G - H`.
    Sub(Box<Expr>, Box<Expr>),
    /// The ordinal sum `G : H` (H's moves are played after G's; any move in G ends H).
    OrdinalSum(Box<Expr>, Box<Expr>),
    /// The product `a * b` of two numbers, or n copies of a game when one side is an integer
    /// n (`3 * 5`, `10*(1+^)`).
    Product(Box<Expr>, Box<Expr>),
    /// The power `a ^ b` of a number by an integer (`3 ^ 5`, `(1/2)^4`).
    Power(Box<Expr>, Box<Expr>),
    /// A list `[a, b, …]`.
    List(Vec<Expr>),
    /// A comparison `G op H`, whose value is true or false.
    Compare(CompareOp, Box<Expr>, Box<Expr>),
    /// A function call `name(arg, …)`: `temperature(G)`, `cool(G, 1/4)`, `Tiny(2)`,
    /// `hackenbush("lrl")`. The name is kept as typed (case matters); the evaluator knows which
    /// names exist.
    Call {
        /// The function's name as typed.
        name: String,
        /// The arguments, in order.
        args: Vec<Expr>,
    },
    /// A game whose node carries a label, `a{0|a}`: inside it, the name `a` as an option is
    /// a move back to this node (CGSuite's notation for loopy games).
    Labelled {
        /// The label as typed.
        label: String,
        /// The game (an [`ExprKind::Game`]).
        game: Box<Expr>,
    },
    /// The sides of a loopy value, `onside & offside` (`over & v`, `2 & +-1`).
    Sided(Box<Expr>, Box<Expr>),
    /// A name on its own, such as the `a` of `{a,b|c}` or the `G` of `G+H`; what it stands for
    /// is the evaluator's business.
    Name(String),
    /// A string literal `"lrlrrllr"` (without its quotes). The parser accepts strings only as a
    /// whole argument of a call.
    Text(String),
}

/// A number literal, kept as written so that the evaluator can both compute with it and quote
/// it back. Signs written against the digits (`-3/4`) are part of the literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Number {
    /// An integer of any size: `3`, `-2`.
    Integer(BigInt),
    /// A fraction p/q as written: neither reduced nor checked (q = 0 or q not a power of two is
    /// for the evaluator to refuse).
    Fraction {
        /// p, with the sign.
        numerator: BigInt,
        /// q.
        denominator: BigUint,
    },
    /// A decimal such as `1.25`, worth `significand / 10^places` (here 125 / 10^2).
    Decimal {
        /// The digits with the point removed, with the sign.
        significand: BigInt,
        /// How many digits follow the point (at least one).
        places: usize,
    },
}

impl Number {
    /// The value as an unreduced fraction (numerator, denominator): `3` is 3/1, `1.25` is
    /// 125/100.
    pub fn to_fraction(&self) -> (BigInt, BigUint) {
        match self {
            Number::Integer(n) => (n.clone(), BigUint::one()),
            Number::Fraction {
                numerator,
                denominator,
            } => (numerator.clone(), denominator.clone()),
            Number::Decimal {
                significand,
                places,
            } => (significand.clone(), pow10(*places)),
        }
    }

    /// The same literal with its sign flipped (for a `-` written against the digits).
    pub(crate) fn negated(self) -> Number {
        match self {
            Number::Integer(n) => Number::Integer(-n),
            Number::Fraction {
                numerator,
                denominator,
            } => Number::Fraction {
                numerator: -numerator,
                denominator,
            },
            Number::Decimal {
                significand,
                places,
            } => Number::Decimal {
                significand: -significand,
                places,
            },
        }
    }
}

/// 10^places, by repeated squaring (places can be in the thousands).
fn pow10(places: usize) -> BigUint {
    let mut result = BigUint::one();
    let mut base = BigUint::from(10u32);
    let mut e = places;
    while e > 0 {
        if e & 1 == 1 {
            result *= &base;
        }
        e >>= 1;
        if e > 0 {
            base = &base * &base;
        }
    }
    result
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Integer(n) => write!(f, "{n}"),
            Number::Fraction {
                numerator,
                denominator,
            } => write!(f, "{numerator}/{denominator}"),
            Number::Decimal {
                significand,
                places,
            } => {
                let digits = significand.magnitude().to_string();
                // Pad so that at least one digit stands before the point: 5 with two places
                // is 0.05.
                let padded = format!("{digits:0>width$}", width = places + 1);
                let (whole, fraction) = padded.split_at(padded.len() - places);
                let sign = if significand.sign() == Sign::Minus {
                    "-"
                } else {
                    ""
                };
                write!(f, "{sign}{whole}.{fraction}")
            }
        }
    }
}

/// An up-star literal as written: an optional number, then ups or downs, then an optional
/// star (`1/2v*3`, `3/4v[3]*`). The parser only builds these with an up or a star part (a
/// bare number is [`ExprKind::Number`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpStar {
    /// The number in front (`1/2` of `1/2v*3`), if any.
    pub number: Option<Number>,
    /// The ups or downs.
    pub ups: Ups,
    /// The star: `None` when there is none, `Some(1)` for `*`, `Some(n)` for `*n` (`*0` is
    /// kept as `Some(0)`).
    pub star: Option<BigUint>,
}

/// The ups of an up-star literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ups {
    /// n·↑: `^^` is 2, `^3` is 3, `v` is −1, `v14` is −14; 0 when there are none.
    Multiple(BigInt),
    /// ↑ⁿ, or ↓ⁿ when `down`: `^<2>`, `v<3>`.
    Power {
        /// n.
        order: BigUint,
        /// Written with `v`.
        down: bool,
    },
    /// ↑ + ↑² + … + ↑ⁿ, or its negative when `down`: `^[2]`, `v[3]`.
    PowerSum {
        /// n.
        order: BigUint,
        /// Written with `v`.
        down: bool,
    },
    /// The loopy limits of those: `^[on]` = {pass | *} (upon) and `^<on>` = {0 ‖ 0 | v[on]*}
    /// (uponth), negated when `down`.
    Upon {
        /// `^<on>` rather than `^[on]`.
        uponth: bool,
        /// Written with `v`.
        down: bool,
    },
}

impl Ups {
    /// No ups at all.
    pub fn is_zero(&self) -> bool {
        matches!(self, Ups::Multiple(n) if n.is_zero())
    }
}

impl fmt::Display for UpStar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(number) = &self.number {
            write!(f, "{number}")?;
        }
        match &self.ups {
            Ups::Multiple(n) => {
                let arrow = if n.is_negative() { 'v' } else { '^' };
                let count = n.magnitude();
                // CGSuite's spelling: one or two arrows written out, a count from three on.
                if count == &BigUint::from(1u32) {
                    write!(f, "{arrow}")?;
                } else if count == &BigUint::from(2u32) {
                    write!(f, "{arrow}{arrow}")?;
                } else if !count.is_zero() {
                    write!(f, "{arrow}{count}")?;
                }
            }
            Ups::Power { order, down } => write!(f, "{}<{order}>", if *down { 'v' } else { '^' })?,
            Ups::PowerSum { order, down } => {
                write!(f, "{}[{order}]", if *down { 'v' } else { '^' })?
            }
            Ups::Upon { uponth, down } => {
                let arrow = if *down { 'v' } else { '^' };
                if *uponth {
                    write!(f, "{arrow}<on>")?
                } else {
                    write!(f, "{arrow}[on]")?
                }
            }
        }
        match &self.star {
            None => Ok(()),
            Some(m) if m.is_one() => f.write_str("*"),
            Some(m) => write!(f, "*{m}"),
        }
    }
}

/// The comparison operators. With games only partially ordered, `<|`, `|>` and `<>` complete
/// the picture: G <| H when G < H or G is confused with H (H is not ≤ G), and so on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompareOp {
    /// `==`: equal.
    Eq,
    /// `<=`: less than or equal.
    Le,
    /// `>=`: greater than or equal.
    Ge,
    /// `<`: strictly less.
    Lt,
    /// `>`: strictly greater.
    Gt,
    /// `<|`: less than or confused with (not ≥).
    LessOrConfused,
    /// `|>`: greater than or confused with (not ≤).
    GreaterOrConfused,
    /// `<>`: confused with (incomparable).
    Confused,
}

impl CompareOp {
    /// How the operator is written.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Le => "<=",
            CompareOp::Ge => ">=",
            CompareOp::Lt => "<",
            CompareOp::Gt => ">",
            CompareOp::LessOrConfused => "<|",
            CompareOp::GreaterOrConfused => "|>",
            CompareOp::Confused => "<>",
        }
    }
}

impl fmt::Display for CompareOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// Binding strength, loosest first; a child weaker than its place requires gets parentheses.
const COMPARE: u8 = 0;
const SIDED: u8 = 1;
const SUM: u8 = 2;
const ORDINAL: u8 = 3;
const PRODUCT: u8 = 4;
const PREFIX: u8 = 5;
const POWER: u8 = 6;
const ATOM: u8 = 7;

impl Expr {
    /// A node at a column.
    pub fn new(column: usize, kind: ExprKind) -> Expr {
        Expr { column, kind }
    }

    fn strength(&self) -> u8 {
        match self.kind {
            ExprKind::Compare(..) => COMPARE,
            ExprKind::Sided(..) => SIDED,
            ExprKind::Add(..) | ExprKind::Sub(..) => SUM,
            ExprKind::OrdinalSum(..) => ORDINAL,
            ExprKind::Product(..) => PRODUCT,
            ExprKind::Power(..) => POWER,
            ExprKind::Neg(_) | ExprKind::PlusMinus(_) => PREFIX,
            _ => ATOM,
        }
    }

    /// Writes the expression where a node at least as strong as `needed` may stand.
    fn write_at(&self, f: &mut fmt::Formatter<'_>, needed: u8) -> fmt::Result {
        if self.strength() < needed {
            f.write_str("(")?;
            self.write_bare(f)?;
            f.write_str(")")
        } else {
            self.write_bare(f)
        }
    }

    fn write_bare(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Number(n) => write!(f, "{n}"),
            ExprKind::UpStar(u) => write!(f, "{u}"),
            ExprKind::Game { left, right } => {
                f.write_str("{")?;
                write_options(f, left)?;
                f.write_str("|")?;
                write_options(f, right)?;
                f.write_str("}")
            }
            ExprKind::PlusMinus(options) => match options.as_slice() {
                [only] => {
                    // `+-{` opens the switch's own braces, which end the operand: a power of a
                    // game, `{|} ^ 0`, needs parentheses to stay inside the switch.
                    let text = Wrapped(only, PREFIX).to_string();
                    let braced =
                        !matches!(only.kind, ExprKind::Game { .. }) && text.starts_with('{');
                    if braced {
                        write!(f, "+-({text})")
                    } else {
                        write!(f, "+-{text}")
                    }
                }
                _ => {
                    f.write_str("+-{")?;
                    write_options(f, options)?;
                    f.write_str("}")
                }
            },
            ExprKind::Neg(operand) => {
                // `-2` would read back as the literal −2, so a negated literal that starts
                // with a digit is set apart by a space: `- 2^` is −(2↑), `-2^` is (−2)↑.
                let text = Wrapped(operand, PREFIX).to_string();
                let gap = if text.starts_with(|c: char| c.is_ascii_digit()) {
                    " "
                } else {
                    ""
                };
                write!(f, "-{gap}{text}")
            }
            ExprKind::Misere(list) => match &list.kind {
                ExprKind::Text(printed) => write!(f, "*[{printed}]"),
                _ => write!(f, "*{list}"),
            },
            ExprKind::Add(a, b) => write_binary(f, a, " + ", b, SUM),
            ExprKind::Sub(a, b) => write_binary(f, a, " - ", b, SUM),
            ExprKind::OrdinalSum(a, b) => write_binary(f, a, " : ", b, ORDINAL),
            // Spaced: `3*5` would read back as the game 3+*5.
            ExprKind::Product(a, b) => write_binary(f, a, " * ", b, PRODUCT),
            ExprKind::Power(a, b) => {
                // Right-associative, and the exponent may carry a sign (`2 ^ -1`); a negative
                // number as the base needs parentheses, since `-2 ^ 2` is −(2²).
                let base = Wrapped(a, ATOM).to_string();
                if base.starts_with('-') {
                    write!(f, "({base})")?;
                } else {
                    f.write_str(&base)?;
                }
                f.write_str(" ^ ")?;
                b.write_at(f, PREFIX)
            }
            ExprKind::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    item.write_at(f, COMPARE)?;
                }
                f.write_str("]")
            }
            ExprKind::Compare(op, a, b) => {
                // Comparisons do not chain, so both sides must be sums or tighter.
                a.write_at(f, SUM)?;
                write!(f, " {op} ")?;
                b.write_at(f, SUM)
            }
            ExprKind::Call { name, args } => {
                write!(f, "{name}(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    arg.write_at(f, COMPARE)?;
                }
                f.write_str(")")
            }
            ExprKind::Labelled { label, game } => {
                f.write_str(label)?;
                game.write_bare(f)
            }
            ExprKind::Sided(a, b) => write_binary(f, a, " & ", b, SIDED),
            ExprKind::Name(name) => f.write_str(name),
            ExprKind::Text(text) => write!(f, "\"{text}\""),
        }
    }
}

/// An expression to be written where strength `.1` is needed.
struct Wrapped<'a>(&'a Expr, u8);

impl fmt::Display for Wrapped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_at(f, self.1)
    }
}

/// A left-associative operator of strength `own`: the left side may be as weak as the
/// operator, the right side must be stronger.
fn write_binary(f: &mut fmt::Formatter<'_>, a: &Expr, op: &str, b: &Expr, own: u8) -> fmt::Result {
    a.write_at(f, own)?;
    f.write_str(op)?;
    b.write_at(f, own + 1)
}

/// Options are sums: a comparison among them needs parentheses.
fn write_options(f: &mut fmt::Formatter<'_>, options: &[Expr]) -> fmt::Result {
    for (i, option) in options.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        option.write_at(f, SUM)?;
    }
    Ok(())
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_at(f, COMPARE)
    }
}
