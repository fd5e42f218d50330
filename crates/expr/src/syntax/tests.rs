//! Tests of the expression parser: every documented example with its exact tree, errors with
//! their columns, the depth limits on a default-sized thread, and property tests (no input
//! panics; printing a tree and reading it back gives the same tree).

use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

use super::*;

// ---- builders (column 0; `shape` clears the columns of parsed trees to compare) -------------

fn at0(kind: ExprKind) -> Expr {
    Expr::new(0, kind)
}

fn int(n: i64) -> Number {
    Number::Integer(BigInt::from(n))
}

fn frac(p: i64, q: u64) -> Number {
    Number::Fraction {
        numerator: BigInt::from(p),
        denominator: BigUint::from(q),
    }
}

fn num(n: Number) -> Expr {
    at0(ExprKind::Number(Box::new(n)))
}

fn n(v: i64) -> Expr {
    num(int(v))
}

fn up_star(number: Option<Number>, ups: i64, star: Option<u64>) -> Expr {
    at0(ExprKind::UpStar(Box::new(UpStar {
        number,
        ups: Ups::Multiple(BigInt::from(ups)),
        star: star.map(BigUint::from),
    })))
}

fn star(m: u64) -> Expr {
    up_star(None, 0, Some(m))
}

fn ups(count: i64) -> Expr {
    up_star(None, count, None)
}

fn game(left: Vec<Expr>, right: Vec<Expr>) -> Expr {
    at0(ExprKind::Game { left, right })
}

fn pm(options: Vec<Expr>) -> Expr {
    at0(ExprKind::PlusMinus(options))
}

fn neg(e: Expr) -> Expr {
    at0(ExprKind::Neg(Box::new(e)))
}

fn add(a: Expr, b: Expr) -> Expr {
    at0(ExprKind::Add(Box::new(a), Box::new(b)))
}

fn sub(a: Expr, b: Expr) -> Expr {
    at0(ExprKind::Sub(Box::new(a), Box::new(b)))
}

fn ord(a: Expr, b: Expr) -> Expr {
    at0(ExprKind::OrdinalSum(Box::new(a), Box::new(b)))
}

fn product(a: Expr, b: Expr) -> Expr {
    at0(ExprKind::Product(Box::new(a), Box::new(b)))
}

fn pow_of(a: Expr, b: Expr) -> Expr {
    at0(ExprKind::Power(Box::new(a), Box::new(b)))
}

fn list(items: Vec<Expr>) -> Expr {
    at0(ExprKind::List(items))
}

fn cmp(op: CompareOp, a: Expr, b: Expr) -> Expr {
    at0(ExprKind::Compare(op, Box::new(a), Box::new(b)))
}

fn call(name: &str, args: Vec<Expr>) -> Expr {
    at0(ExprKind::Call {
        name: name.to_string(),
        args,
    })
}

fn name(s: &str) -> Expr {
    at0(ExprKind::Name(s.to_string()))
}

fn text(s: &str) -> Expr {
    at0(ExprKind::Text(s.to_string()))
}

/// The tree with every column set to 0.
fn shape(e: Expr) -> Expr {
    let boxed = |b: Box<Expr>| Box::new(shape(*b));
    let all = |v: Vec<Expr>| v.into_iter().map(shape).collect::<Vec<_>>();
    let kind = match e.kind {
        ExprKind::Game { left, right } => ExprKind::Game {
            left: all(left),
            right: all(right),
        },
        ExprKind::PlusMinus(options) => ExprKind::PlusMinus(all(options)),
        ExprKind::Neg(a) => ExprKind::Neg(boxed(a)),
        ExprKind::Add(a, b) => ExprKind::Add(boxed(a), boxed(b)),
        ExprKind::Sub(a, b) => ExprKind::Sub(boxed(a), boxed(b)),
        ExprKind::OrdinalSum(a, b) => ExprKind::OrdinalSum(boxed(a), boxed(b)),
        ExprKind::Product(a, b) => ExprKind::Product(boxed(a), boxed(b)),
        ExprKind::Power(a, b) => ExprKind::Power(boxed(a), boxed(b)),
        ExprKind::List(items) => ExprKind::List(all(items)),
        ExprKind::Compare(op, a, b) => ExprKind::Compare(op, boxed(a), boxed(b)),
        ExprKind::Call { name, args } => ExprKind::Call {
            name,
            args: all(args),
        },
        leaf => leaf,
    };
    at0(kind)
}

fn p(input: &str) -> Expr {
    match parse_expression(input) {
        Ok(e) => shape(e),
        Err(e) => panic!("{input:?} failed: {e}"),
    }
}

fn err(input: &str) -> ParseError {
    match parse_expression(input) {
        Ok(e) => panic!("{input:?} parsed as {e}"),
        Err(e) => e,
    }
}

/// Asserts the error's column and that its message contains `fragment`.
fn assert_err(input: &str, column: usize, fragment: &str) {
    let e = err(input);
    assert_eq!(e.column, column, "{input:?}: {e}");
    assert!(e.message.contains(fragment), "{input:?}: {e}");
}

// ---- numbers, ups and stars ---------------------------------------------------------------

#[test]
fn numbers() {
    assert_eq!(p("0"), n(0));
    assert_eq!(p("1"), n(1));
    assert_eq!(p("-2"), n(-2));
    assert_eq!(p("3/4"), num(frac(3, 4)));
    assert_eq!(p("-3/4"), num(frac(-3, 4)));
    assert_eq!(
        p("1.5"),
        num(Number::Decimal {
            significand: BigInt::from(15),
            places: 1
        })
    );
    assert_eq!(
        p("-0.05"),
        num(Number::Decimal {
            significand: BigInt::from(-5),
            places: 2
        })
    );
    let big = "123456789012345678901234567890123";
    assert_eq!(
        p(big),
        num(Number::Integer(big.parse::<BigInt>().expect("digits")))
    );
    // Not reduced, not checked: the evaluator's job.
    assert_eq!(p("6/8"), num(frac(6, 8)));
    assert_eq!(p("1/3"), num(frac(1, 3)));
}

#[test]
fn number_values_and_printing() {
    assert_eq!(int(3).to_fraction(), (BigInt::from(3), BigUint::from(1u32)));
    let d = Number::Decimal {
        significand: BigInt::from(-125),
        places: 2,
    };
    assert_eq!(d.to_fraction(), (BigInt::from(-125), BigUint::from(100u32)));
    assert_eq!(d.to_string(), "-1.25");
    let small = Number::Decimal {
        significand: BigInt::from(5),
        places: 3,
    };
    assert_eq!(small.to_string(), "0.005");
    assert_eq!(frac(-1, 2).to_string(), "-1/2");
}

#[test]
fn ups_and_stars() {
    assert_eq!(p("*"), star(1));
    assert_eq!(p("*3"), star(3));
    assert_eq!(p("*5"), star(5));
    assert_eq!(p("*0"), star(0));
    assert_eq!(p("^"), ups(1));
    assert_eq!(p("v"), ups(-1));
    assert_eq!(p("^^"), ups(2));
    assert_eq!(p("vv"), ups(-2));
    assert_eq!(p("^^^"), ups(3));
    assert_eq!(p("^3"), ups(3));
    assert_eq!(p("v2"), ups(-2));
    assert_eq!(p("v14"), ups(-14));
    assert_eq!(p("vv*"), up_star(None, -2, Some(1)));
    assert_eq!(p("^*"), up_star(None, 1, Some(1)));
    assert_eq!(p("v*3"), up_star(None, -1, Some(3)));
    assert_eq!(p("^^*2"), up_star(None, 2, Some(2)));
    assert_eq!(p("^19*3"), up_star(None, 19, Some(3)));
}

fn power(number: Option<Number>, order: u32, down: bool, star: Option<u64>, sum: bool) -> Expr {
    let order = BigUint::from(order);
    let ups = if sum {
        Ups::PowerSum { order, down }
    } else {
        Ups::Power { order, down }
    };
    at0(ExprKind::UpStar(Box::new(UpStar {
        number,
        ups,
        star: star.map(BigUint::from),
    })))
}

/// CGSuite's powers of up: `^<n>` is ↑ⁿ and `^[n]` is ↑ + … + ↑ⁿ, with a number in front and
/// a star after (CGSuite prints `3/4v[3]*`, `^<2>*`).
#[test]
fn powers_of_up_as_cgsuite_prints_them() {
    assert_eq!(p("^<2>"), power(None, 2, false, None, false));
    assert_eq!(p("v<13>"), power(None, 13, true, None, false));
    assert_eq!(p("^[4]"), power(None, 4, false, None, true));
    assert_eq!(p("^<2>*"), power(None, 2, false, Some(1), false));
    assert_eq!(
        p("3/4v[3]*"),
        power(Some(frac(3, 4)), 3, true, Some(1), true)
    );
    assert_eq!(
        p("-2^<3>*5"),
        power(Some(int(-2)), 3, false, Some(5), false)
    );
    assert_eq!(
        p("{0|^<2>}"),
        game(vec![n(0)], vec![power(None, 2, false, None, false)])
    );
    // `<` without the closing `>` is a comparison, as is `<` set apart.
    assert_eq!(p("^<2"), cmp(CompareOp::Lt, ups(1), n(2)));
    assert!(parse_expression("^ < 2").is_ok());
}

#[test]
fn numbers_run_into_ups_and_stars_as_cgsuite_prints_them() {
    assert_eq!(p("1/2v*3"), up_star(Some(frac(1, 2)), -1, Some(3)));
    assert_eq!(p("2*"), up_star(Some(int(2)), 0, Some(1)));
    assert_eq!(p("2*3"), up_star(Some(int(2)), 0, Some(3)));
    assert_eq!(p("3^"), up_star(Some(int(3)), 1, None));
    assert_eq!(p("2^3"), up_star(Some(int(2)), 3, None));
    assert_eq!(p("2vv"), up_star(Some(int(2)), -2, None));
    // The sign belongs to the number: (−1/2) + ^*, not −(1/2 + ^*).
    assert_eq!(p("-1/2^*"), up_star(Some(frac(-1, 2)), 1, Some(1)));
    assert_eq!(p("-2^"), up_star(Some(int(-2)), 1, None));
    // Set apart, the minus negates the whole literal.
    assert_eq!(p("- 2^"), neg(up_star(Some(int(2)), 1, None)));
    assert_eq!(p("-(2^)"), neg(up_star(Some(int(2)), 1, None)));
    assert_eq!(p("-^"), neg(ups(1)));
    assert_eq!(p("--2"), neg(n(-2)));
    // As an operand of a binary minus the literal keeps its own sign.
    assert_eq!(p("3-2^"), sub(n(3), up_star(Some(int(2)), 1, None)));
    assert_eq!(p("3 - -2^"), sub(n(3), up_star(Some(int(-2)), 1, None)));
}

// ---- games ---------------------------------------------------------------------------------

#[test]
fn plain_games() {
    assert_eq!(p("{1|-1}"), game(vec![n(1)], vec![n(-1)]));
    assert_eq!(
        p("{a,b|c}"),
        game(vec![name("a"), name("b")], vec![name("c")])
    );
    assert_eq!(p("{|}"), game(vec![], vec![]));
    assert_eq!(p("{0|}"), game(vec![n(0)], vec![]));
    assert_eq!(p("{|0}"), game(vec![], vec![n(0)]));
    assert_eq!(p("{1,2|}"), game(vec![n(1), n(2)], vec![]));
    assert_eq!(p("-{1|0}"), neg(game(vec![n(1)], vec![n(0)])));
    assert_eq!(
        p("{{2|1}|0}"),
        game(vec![game(vec![n(2)], vec![n(1)])], vec![n(0)])
    );
}

#[test]
fn options_are_full_sums() {
    assert_eq!(
        p("{2+*|1+*}"),
        game(vec![add(n(2), star(1))], vec![add(n(1), star(1))])
    );
    assert_eq!(p("{^^^|vv}"), game(vec![ups(3)], vec![ups(-2)]));
    assert_eq!(
        p("{0|^*5}"),
        game(vec![n(0)], vec![up_star(None, 1, Some(5))])
    );
    assert_eq!(
        p("{1:2, -x | +-1}"),
        game(vec![ord(n(1), n(2)), neg(name("x"))], vec![pm(vec![n(1)])])
    );
    // A comparison among options needs parentheses.
    assert_eq!(
        p("{(1<2)|}"),
        game(vec![cmp(CompareOp::Lt, n(1), n(2))], vec![])
    );
}

#[test]
fn extra_bars_stand_for_inner_braces() {
    let (a, b, c) = (name("A"), name("B"), name("C"));
    assert_eq!(
        p("{3||2|1}"),
        game(vec![n(3)], vec![game(vec![n(2)], vec![n(1)])])
    );
    assert_eq!(
        p("{A||B|C}"),
        game(
            vec![a.clone()],
            vec![game(vec![b.clone()], vec![c.clone()])]
        )
    );
    assert_eq!(p("{A|B||C}"), game(vec![game(vec![a], vec![b])], vec![c]));
    assert_eq!(
        p("{4|||3|1||0|-2}"),
        game(
            vec![n(4)],
            vec![game(
                vec![game(vec![n(3)], vec![n(1)])],
                vec![game(vec![n(0)], vec![n(-2)])]
            )]
        )
    );
    // Several options on a side next to deeper bars; empty sides inside.
    assert_eq!(
        p("{1,2||3|}"),
        game(vec![n(1), n(2)], vec![game(vec![n(3)], vec![])])
    );
    assert_eq!(p("{||}"), game(vec![], vec![]));
    // CGSuite's printing of a game with starred options.
    let two_star = up_star(Some(int(2)), 0, Some(1));
    let one_star = up_star(Some(int(1)), 0, Some(1));
    assert_eq!(
        p("{3||2*|1*}"),
        game(vec![n(3)], vec![game(vec![two_star], vec![one_star])])
    );
    // Whitespace anywhere between tokens.
    assert_eq!(p(" { 3 || 2 | 1 } "), p("{3||2|1}"));
}

#[test]
fn switches() {
    assert_eq!(p("+-1"), pm(vec![n(1)]));
    assert_eq!(p("+-{3|2}"), pm(vec![game(vec![n(3)], vec![n(2)])]));
    assert_eq!(p("3+-1"), add(n(3), pm(vec![n(1)])));
    assert_eq!(p("+-1+-2"), add(pm(vec![n(1)]), pm(vec![n(2)])));
    assert_eq!(p("+-{1,2}"), pm(vec![n(1), n(2)]));
    assert_eq!(p("+-{1}"), pm(vec![n(1)]));
    assert_eq!(p("+--1"), pm(vec![n(-1)]));
    assert_eq!(p("+-+-1"), pm(vec![pm(vec![n(1)])]));
    // Spacing decides: `+ -` is a sum with a negative.
    assert_eq!(p("1+ -1"), add(n(1), n(-1)));
    // Prefix `+-` binds tighter than `:`; infix `+-` reads its operand as a prefix `+-`.
    assert_eq!(p("+-1:2"), ord(pm(vec![n(1)]), n(2)));
    assert_eq!(p("3+-1:2"), add(n(3), ord(pm(vec![n(1)]), n(2))));
    // CGSuite's printing of +-1+-2+-3+-4.
    let printed = p("+-{10|8||6|4|||4|2||0|-2}");
    let g = |l: i64, r: i64| game(vec![n(l)], vec![n(r)]);
    assert_eq!(
        printed,
        pm(vec![game(
            vec![game(vec![g(10, 8)], vec![g(6, 4)])],
            vec![game(vec![g(4, 2)], vec![g(0, -2)])]
        )])
    );
}

// ---- operators -----------------------------------------------------------------------------

#[test]
fn operators_and_precedence() {
    let (g, h) = (name("G"), name("H"));
    assert_eq!(p("G+H"), add(g.clone(), h.clone()));
    assert_eq!(p("G-H"), sub(g.clone(), h.clone()));
    assert_eq!(p("-G"), neg(g.clone()));
    assert_eq!(p("G:H"), ord(g.clone(), h.clone()));
    assert_eq!(p("(G)"), g.clone());
    assert_eq!(p("((G))"), g.clone());
    assert_eq!(p("1-2-3"), sub(sub(n(1), n(2)), n(3)));
    assert_eq!(p("1-2+3"), add(sub(n(1), n(2)), n(3)));
    assert_eq!(p("1-(2+3)"), sub(n(1), add(n(2), n(3))));
    assert_eq!(p("1+2:3"), add(n(1), ord(n(2), n(3))));
    assert_eq!(p("1:2:3"), ord(ord(n(1), n(2)), n(3)));
    assert_eq!(p("-G:H"), ord(neg(g.clone()), h.clone()));
    assert_eq!(p("-(G:H)"), neg(ord(g.clone(), h.clone())));
    assert_eq!(p("--G"), neg(neg(g)));
    assert_eq!(
        p("1+2 <= 3:4"),
        cmp(CompareOp::Le, add(n(1), n(2)), ord(n(3), n(4)))
    );
}

/// CGSuite's precedence (its grammar, `Cgsuite.g`): `+` loosest, then `:`, then `* / %`, then
/// the unary signs, then `^`, right-associative. A `*` or `^` after an operand is the operator;
/// written against a number it is part of the literal, as CGSuite prints games.
#[test]
fn products_and_powers() {
    assert_eq!(p("3 * 5"), product(n(3), n(5)));
    assert_eq!(p("3 *5"), product(n(3), n(5)));
    assert_eq!(p("3 ^ 5"), pow_of(n(3), n(5)));
    assert_eq!(p("3 ^5"), pow_of(n(3), n(5)));
    assert_eq!(p("G*H"), product(name("G"), name("H")));
    assert_eq!(p("(1/2)^4"), pow_of(num(frac(1, 2)), n(4)));
    assert_eq!(p("2^(2 ^ 100)"), pow_of(n(2), pow_of(n(2), n(100))));
    assert_eq!(p("10*(1+^)"), product(n(10), add(n(1), ups(1))));
    assert_eq!(p("5*{1|}"), product(n(5), game(vec![n(1)], vec![])));
    assert_eq!(
        p("3 ^ 2 ^ 2 ^ 2"),
        pow_of(n(3), pow_of(n(2), pow_of(n(2), n(2))))
    );
    assert_eq!(p("1 + 2 * 3"), add(n(1), product(n(2), n(3))));
    assert_eq!(p("2 * 3 * 4"), product(product(n(2), n(3)), n(4)));
    assert_eq!(p("2 * 3 ^ 2"), product(n(2), pow_of(n(3), n(2))));
    assert_eq!(p("1:2 * 3"), ord(n(1), product(n(2), n(3))));
    // The signs bind tighter than `*` but looser than `^`, also a sign written against digits.
    assert_eq!(p("-2 * 3"), product(n(-2), n(3)));
    assert_eq!(p("-2 ^ 2"), neg(pow_of(n(2), n(2))));
    assert_eq!(p("- 2 ^ 2"), neg(pow_of(n(2), n(2))));
    assert_eq!(p("(-2) ^ 2"), pow_of(n(-2), n(2)));
    assert_eq!(p("-2 ^ 2 + 1"), add(neg(pow_of(n(2), n(2))), n(1)));
    assert_eq!(p("2 ^ -1"), pow_of(n(2), n(-1)));
    assert_eq!(p("2 ^ - 1"), pow_of(n(2), neg(n(1))));
    // After `+-`, braces are the switch's own: the power applies to the switch ...
    let empty = || game(vec![], vec![]);
    assert_eq!(p("+-{|} ^ 0"), pow_of(pm(vec![empty()]), n(0)));
    // ... and a switch of a power is printed with parentheses, so that it reads back.
    let switch_of_power = pm(vec![pow_of(empty(), n(0))]);
    assert_eq!(switch_of_power.to_string(), "+-({|} ^ 0)");
    assert_eq!(p("+-({|} ^ 0)"), switch_of_power);
    // Star and up literals stay literals where an operand starts.
    assert_eq!(p("* * *"), product(star(1), star(1)));
    assert_eq!(p("^ ^ 2"), pow_of(ups(1), n(2)));
    assert_eq!(
        p("2* * 3"),
        product(up_star(Some(int(2)), 0, Some(1)), n(3))
    );
    // Against the number: the literal, as printed.
    assert_eq!(p("3*5"), up_star(Some(int(3)), 0, Some(5)));
    assert_eq!(p("3^5"), up_star(Some(int(3)), 5, None));
    assert_err("3 * ", 5, "expected an expression");
    assert_err("G ^", 4, "expected an expression");
}

/// A sign held back for a `^` gives its nesting level back when its expression ends, so
/// many of them side by side are not "too deep".
#[test]
fn signs_before_powers_do_not_accumulate_depth() {
    let items = vec!["-2 ^ 2"; MAX_DEPTH + 100].join(", ");
    assert!(parse_expression(&format!("[{items}]")).is_ok());
    let sum = vec!["(-2 ^ 2)"; MAX_DEPTH / 2].join(" + ");
    assert!(parse_expression(&sum).is_ok());
}

/// Only the literals that CGSuite's interpreter reads as arithmetic get a note.
#[test]
fn printed_arithmetic_is_noted() {
    let notes = |input: &str| parse_expression_noted(input).expect("parses").1;
    let found = notes("3*5 + 1/2^3");
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].column, 1);
    assert!(found[0]
        .message
        .contains("'3*5' is read as the game 3 + *5"));
    assert!(found[0].message.contains("'3 * 5'"));
    assert_eq!(found[1].column, 7);
    assert!(found[1].message.contains("power"));
    for quiet in [
        "3 * 5", "3*", "2^", "^5", "*5", "3v2", "{2*|1^}", "3^<2>", "10*(1)",
    ] {
        assert_eq!(notes(quiet), [], "{quiet}");
    }
}

#[test]
fn lists() {
    assert_eq!(p("[]"), list(vec![]));
    assert_eq!(p("[1]"), list(vec![n(1)]));
    assert_eq!(
        p("[1, *, [2]]"),
        list(vec![n(1), star(1), list(vec![n(2)])])
    );
    assert_eq!(
        p("f([1,2],[2,3])"),
        call("f", vec![list(vec![n(1), n(2)]), list(vec![n(2), n(3)])])
    );
    // `^[2]` is still a power of up, and `[` after a number starts nothing.
    assert_eq!(
        p("[^[2]]"),
        list(vec![at0(ExprKind::UpStar(Box::new(UpStar {
            number: None,
            ups: Ups::PowerSum {
                order: BigUint::from(2u32),
                down: false
            },
            star: None
        })))])
    );
    assert_err("[1,", 4, "expected an expression");
    assert_err("[1 2]", 4, "',' or ']' in the list opened at column 1");
    assert_err("1]", 2, "unmatched ']'");
}

#[test]
fn comparisons() {
    let cases = [
        ("==", CompareOp::Eq),
        ("<=", CompareOp::Le),
        (">=", CompareOp::Ge),
        ("<", CompareOp::Lt),
        (">", CompareOp::Gt),
        ("<|", CompareOp::LessOrConfused),
        ("|>", CompareOp::GreaterOrConfused),
        ("<>", CompareOp::Confused),
    ];
    for (symbol, op) in cases {
        assert_eq!(op.symbol(), symbol);
        assert_eq!(p(&format!("G{symbol}H")), cmp(op, name("G"), name("H")));
        assert_eq!(p(&format!("^ {symbol} -1")), cmp(op, ups(1), n(-1)));
    }
    // `^<2` is an ordinary comparison; `^<2>` is CGSuite's up-nth, refused below.
    assert_eq!(p("^<2"), cmp(CompareOp::Lt, ups(1), n(2)));
}

#[test]
fn calls_names_and_strings() {
    assert_eq!(p("temperature(G)"), call("temperature", vec![name("G")]));
    assert_eq!(
        p("cool(G,1/4)"),
        call("cool", vec![name("G"), num(frac(1, 4))])
    );
    assert_eq!(
        p("hackenbush(\"lrlrrllr\")"),
        call("hackenbush", vec![text("lrlrrllr")])
    );
    assert_eq!(
        p("domineering(\"..|..\")"),
        call("domineering", vec![text("..|..")])
    );
    assert_eq!(p("cutcake(2,3)"), call("cutcake", vec![n(2), n(3)]));
    assert_eq!(p("f()"), call("f", vec![]));
    assert_eq!(p("f (1 , 2)"), call("f", vec![n(1), n(2)]));
    assert_eq!(
        p("outcome({1|0} <> *)"),
        call(
            "outcome",
            vec![cmp(
                CompareOp::Confused,
                game(vec![n(1)], vec![n(0)]),
                star(1)
            )]
        )
    );
    assert_eq!(p("Tiny(3/2)"), call("Tiny", vec![num(frac(3, 2))]));
    assert_eq!(p("Miny(1)"), call("Miny", vec![n(1)]));
    // CGSuite prints x + Tiny(y) as `xTiny(y)`.
    assert_eq!(
        p("2Tiny(3/2)"),
        add(n(2), call("Tiny", vec![num(frac(3, 2))]))
    );
    assert_eq!(p("-2Miny(1)"), add(n(-2), call("Miny", vec![n(1)])));
    assert_eq!(
        p("2Tiny(1):3"),
        ord(add(n(2), call("Tiny", vec![n(1)])), n(3))
    );
    assert_eq!(p("value"), name("value"));
    assert_eq!(p("v2x"), name("v2x"));
    assert_eq!(p("_g"), name("_g"));
}

#[test]
fn columns() {
    let e = parse_expression("1 + {2|3}").expect("parses");
    assert_eq!(e.column, 3);
    let ExprKind::Add(a, b) = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!((a.column, b.column), (1, 5));
    let ExprKind::Game { left, right } = &b.kind else {
        panic!("{b:?}")
    };
    assert_eq!((left[0].column, right[0].column), (6, 8));

    // The game formed by extra bars sits at its first option.
    let e = parse_expression("{3||2|1}").expect("parses");
    assert_eq!(e.column, 1);
    let ExprKind::Game { right, .. } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(right[0].column, 5);

    assert_eq!(parse_expression("  -1/2^*").expect("parses").column, 3);
    assert_eq!(parse_expression("x:y").expect("parses").column, 2);
    assert_eq!(parse_expression("a <= b").expect("parses").column, 3);
    let e = parse_expression("f(a, \"b\")").expect("parses");
    let ExprKind::Call { args, .. } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!((e.column, args[0].column, args[1].column), (1, 3, 6));
    // Columns count characters, not bytes.
    assert_eq!(err("f(\"é\") é").column, 8);
}

// ---- errors --------------------------------------------------------------------------------

#[test]
fn error_messages_name_the_place() {
    assert_err("{1|", 4, "the '{' at column 1 is not closed");
    assert_err("{1|2", 5, "expected ',', '|' or '}' after an option");
    assert_err("*x", 2, "found name 'x'");
    assert_err("{3|2|1}", 5, "ambiguous: two `|` at the same level");
    assert_err("{4||3||2}", 6, "ambiguous: two `||` at the same level");
    assert_err("{1||2|3|4}", 8, "ambiguous");
    assert_err("1 2", 3, "expected an operator or end of input");
    assert_err("{1|0} x", 7, "found name 'x'");
    assert_err("", 1, "expected an expression, found end of input");
    assert_err("   ", 4, "expected an expression, found end of input");
    assert_err("{1}", 3, "expected '|'");
    assert_err("{}", 2, "expected '|'");
    assert_err("+-{}", 4, "at least one option");
    assert_err("{1,|2}", 4, "expected an expression, found '|'");
    assert_err(
        "{1<2|0}",
        3,
        "after an option, found '<' (a comparison among options needs parentheses)",
    );
    assert_err("1|2", 2, "outside braces");
    assert_err("1,2", 2, "outside braces");
    assert_err("1)", 2, "unmatched ')'");
    assert_err("1}", 2, "unmatched '}'");
    assert_err("(1", 3, "')' to close the '(' at column 1");
    assert_err(
        "f(1",
        4,
        "',' or ')' in the arguments of f (opened at column 2)",
    );
    assert_err("f(1,", 5, "expected an expression, found end of input");
    assert_err("f(\"a\" 1)", 7, "',' or ')'");
    assert_err("\"abc\"", 1, "a string can only be a whole argument");
    assert_err("{\"a\"|}", 2, "a string can only be a whole argument");
    assert_err("f(\"abc", 7, "the '\"' at column 3 is never closed");
    assert_err("a == b == c", 8, "comparisons do not chain");
    assert_err("a = b", 3, "a single '='");
    assert_err("1/", 2, "denominator");
    assert_err("1/ 2", 2, "denominator");
    assert_err("1.", 2, "decimal point");
    assert_err(".5", 1, "e.g. 0.5");
    assert_err("3/4/5", 4, "unexpected '/'");
    assert_err("^^3", 1, "write ^3");
    assert_err("vv3", 1, "write v3");
    assert_err("^0", 1, "at least 1");
    assert_err("v0", 1, "at least 1");
    assert_err("^^<2>", 1, "after a single arrow");
    assert_err("vv[3]", 1, "after a single arrow");
    assert_err("^3<2>", 1, "after a single arrow");
    assert_err("^<0>", 3, "at least 1");
    assert_err("v[0]", 3, "at least 1");
    assert_err("^[", 2, "^[3]");
    assert_err("^[2", 2, "^[3]");
    assert_err("2 *", 4, "expected an expression");
    assert_err("*^", 3, "expected an expression");
    assert_err("2Tiny", 2, "found name 'Tiny'");
    assert_err("2 Tiny(1)", 3, "found name 'Tiny'");
    assert_err("+1", 1, "expected an expression, found '+'");
    assert_err("1 $ 2", 3, "unexpected character '$'");
    // The leftmost problem is reported, even when a later one is lexical.
    assert_err("{3|2|1} $", 5, "ambiguous");
    assert_err("1 + $", 5, "unexpected character '$'");
}

#[test]
fn error_display_is_one_line_with_the_column() {
    let e = err("{1|");
    let shown = e.to_string();
    assert!(shown.starts_with("column 4: "), "{shown}");
    assert!(!shown.contains('\n'));
    let general: conway_partizan::PartizanError = e.into();
    assert_eq!(general.to_string(), shown);
}

#[test]
fn digit_limit() {
    let longest = "7".repeat(MAX_NUMBER_DIGITS);
    assert!(parse_expression(&longest).is_ok());
    assert!(parse_expression(&format!("1/{longest}")).is_ok());
    assert!(parse_expression(&format!("{longest}.{longest}")).is_ok());
    let too_long = "7".repeat(MAX_NUMBER_DIGITS + 1);
    assert_err(&too_long, 1, "at most 10000 digits");
    assert_err(&format!("1/{too_long}"), 3, "at most 10000 digits");
    assert_err(&format!("0.{too_long}"), 3, "at most 10000 digits");
    assert_err(&format!("*{too_long}"), 2, "at most 10000 digits");
    assert_err(&format!("^{too_long}"), 2, "at most 10000 digits");
    assert_err(&format!("x+v{too_long}"), 4, "at most 10000 digits");
}

// ---- depth ---------------------------------------------------------------------------------

/// Runs `f` on a thread with the 8 MiB stack of a default main thread (test threads get
/// less), so that the limits are shown to be safe where the program really runs.
fn on_default_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow or panic");
}

fn nested_braces(levels: usize) -> String {
    format!("{}{}", "{".repeat(levels), "|}".repeat(levels))
}

#[test]
fn deep_braces_parse_up_to_the_limit() {
    on_default_stack(|| {
        let e = parse_expression(&nested_braces(MAX_DEPTH)).expect("at the limit");
        // Printing and reading back also works at this depth.
        let again = parse_expression(&e.to_string()).expect("reparses");
        assert_eq!(shape(again), shape(e));
        assert_err(
            &nested_braces(MAX_DEPTH + 1),
            MAX_DEPTH + 1,
            "nested more than 1000",
        );
        // Far beyond the limit the parser stops early instead of recursing.
        assert_err(
            &nested_braces(100_000),
            MAX_DEPTH + 1,
            "nested more than 1000",
        );
    });
}

#[test]
fn deep_parentheses_and_signs() {
    on_default_stack(|| {
        let parens = |k: usize| format!("{}1{}", "(".repeat(k), ")".repeat(k));
        assert_eq!(p(&parens(MAX_DEPTH)), n(1));
        assert_err(&parens(MAX_DEPTH + 1), MAX_DEPTH + 1, "nested more than");
        assert_err(&parens(100_000), MAX_DEPTH + 1, "nested more than");
        // 999 negations of the literal -1: a tree 1000 deep. One more, and the outermost
        // negation is where the tree becomes too deep.
        let minus = |k: usize| format!("{}1", "-".repeat(k));
        assert!(parse_expression(&minus(MAX_DEPTH)).is_ok());
        assert_err(&minus(MAX_DEPTH + 1), 1, "nested more than");
        let switches = |k: usize| format!("{}1", "+-".repeat(k));
        assert!(parse_expression(&switches(MAX_DEPTH - 1)).is_ok());
        assert!(parse_expression(&switches(100_000)).is_err());
        let calls = |k: usize| format!("{}1{}", "f(".repeat(k), ")".repeat(k));
        assert!(parse_expression(&calls(MAX_DEPTH - 1)).is_ok());
        assert!(parse_expression(&calls(100_000)).is_err());
    });
}

#[test]
fn long_chains_are_limited_and_drop_safely() {
    on_default_stack(|| {
        let chain = |terms: usize| vec!["1"; terms].join("+");
        // A left-associative chain of n terms is n deep.
        let e = parse_expression(&chain(MAX_DEPTH)).expect("at the limit");
        let printed = e.to_string();
        assert_eq!(printed, vec!["1"; MAX_DEPTH].join(" + "));
        drop(e);
        // The operator that makes the tree too deep is reported: the 1000th `+`.
        assert_err(&chain(100_000), 2 * MAX_DEPTH, "nested more than");
        let ordinal = vec!["*"; 100_000].join(":");
        assert!(parse_expression(&ordinal).is_err());
        // Deep trees built by bars alone: {0|1||2|||3…} nests to the left.
        let bars = |k: usize| {
            let mut s = String::from("{0");
            for i in 1..=k {
                s.push_str(&"|".repeat(i));
                s.push_str(&i.to_string());
            }
            s.push('}');
            s
        };
        let e = parse_expression(&bars(MAX_DEPTH - 1)).expect("at the limit");
        drop(e);
        assert!(parse_expression(&bars(MAX_DEPTH)).is_err());
    });
}

#[test]
fn parsing_does_not_recurse() {
    // Far too deep inputs fail early on a small stack: the parser keeps its own stack.
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            let huge = 100_000;
            assert_err(&nested_braces(huge), MAX_DEPTH + 1, "nested more than");
            let parens = format!("{}1{}", "(".repeat(huge), ")".repeat(huge));
            assert_err(&parens, MAX_DEPTH + 1, "nested more than");
            let calls = format!("{}1{}", "f(".repeat(huge), ")".repeat(huge));
            assert_err(&calls, 2 * MAX_DEPTH + 1, "nested more than");
            assert_err(
                &format!("{}1", "-".repeat(huge)),
                MAX_DEPTH + 1,
                "nested more than",
            );
            assert_err(
                &format!("{}1", "+-".repeat(huge)),
                2 * MAX_DEPTH + 1,
                "nested more than",
            );
            // Parentheses leave no node, so the result is tiny.
            let deep = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
            assert_eq!(p(&deep), n(1));
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow or panic");
}

// ---- property tests ------------------------------------------------------------------------

const ALPHABET: &[char] = &[
    '{', '}', '|', ',', '+', '-', '*', '^', 'v', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
    '/', '.', ':', '(', ')', '"', '<', '>', '=', 'a', 'b', ' ', '[', ']',
];

fn arb_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(|v| Number::Integer(BigInt::from(v))),
        (any::<i32>(), any::<u32>()).prop_map(|(p, q)| Number::Fraction {
            numerator: BigInt::from(p),
            denominator: BigUint::from(q),
        }),
        (any::<i32>(), 1usize..5).prop_map(|(s, places)| Number::Decimal {
            significand: BigInt::from(s),
            places,
        }),
    ]
}

fn arb_name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["a", "b", "G", "H", "x1", "Tiny", "value"]).prop_map(String::from)
}

fn arb_leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        arb_number().prop_map(num),
        (
            prop::option::of(arb_number()),
            -4i64..=4,
            prop::option::of(0u64..20)
        )
            .prop_filter("an up or star part", |(_, u, s)| *u != 0 || s.is_some())
            .prop_map(|(number, u, s)| up_star(number, u, s)),
        arb_name().prop_map(|s| at0(ExprKind::Name(s))),
    ]
}

fn arb_op() -> impl Strategy<Value = CompareOp> {
    prop::sample::select(vec![
        CompareOp::Eq,
        CompareOp::Le,
        CompareOp::Ge,
        CompareOp::Lt,
        CompareOp::Gt,
        CompareOp::LessOrConfused,
        CompareOp::GreaterOrConfused,
        CompareOp::Confused,
    ])
}

/// Trees of every kind the parser builds (it never builds an empty `PlusMinus`, a string
/// outside a call, or an up-star literal without ups and star).
fn arb_expr() -> impl Strategy<Value = Expr> {
    arb_leaf().prop_recursive(5, 48, 4, |inner| {
        let arg = prop_oneof![
            3 => inner.clone(),
            1 => "[a-z.|]{0,6}".prop_map(|s| text(&s)),
        ];
        let side = || prop::collection::vec(inner.clone(), 0..3);
        prop_oneof![
            (side(), side()).prop_map(|(l, r)| game(l, r)),
            prop::collection::vec(inner.clone(), 1..4).prop_map(pm),
            inner.clone().prop_map(neg),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| add(a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| sub(a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| ord(a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| product(a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| pow_of(a, b)),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|items| at0(ExprKind::List(items))),
            (arb_op(), inner.clone(), inner.clone()).prop_map(|(op, a, b)| cmp(op, a, b)),
            (arb_name(), prop::collection::vec(arg, 0..3))
                .prop_map(|(name, args)| at0(ExprKind::Call { name, args })),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn no_input_over_the_alphabet_panics(chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..40)) {
        let input: String = chars.into_iter().collect();
        if let Err(e) = parse_expression(&input) {
            prop_assert!(e.column >= 1 && e.column <= input.chars().count() + 1, "{input:?}: {e}");
            prop_assert!(!e.message.is_empty() && !e.message.contains('\n'));
        }
    }

    #[test]
    fn no_unicode_input_panics(input in "\\PC{0,30}") {
        if let Err(e) = parse_expression(&input) {
            prop_assert!(e.column >= 1 && e.column <= input.chars().count() + 1, "{input:?}: {e}");
        }
    }

    #[test]
    fn printing_and_reparsing_gives_the_same_tree(e in arb_expr()) {
        let printed = e.to_string();
        match parse_expression(&printed) {
            Ok(again) => prop_assert_eq!(shape(again), e, "printed as {}", printed),
            Err(error) => prop_assert!(false, "{} does not parse: {}", printed, error),
        }
    }
}
