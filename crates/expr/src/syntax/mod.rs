//! Expressions in CGSuite's notation, as typed to `conway eval`: the syntax tree ([`Expr`])
//! and the parser ([`parse_expression`]). Syntax only: the evaluator gives names, functions
//! and numbers their meaning (and refuses `3/5`, unknown functions, and so on).
//!
//! # What is accepted
//!
//! - Numbers: integers of any size `0 1 -2`, fractions `3/4` (not reduced or checked here),
//!   decimals `1.25`.
//! - Ups and stars: `^ ^^ ^3 v vv v2`, each optionally followed by `*` or `*n`; stars `* *5`;
//!   a number may run into them as CGSuite prints it: `2* 3^ 1/2v*3 -1/2^*`.
//! - CGSuite's powers of up: `^<n>` is ↑ⁿ and `^[n]` is ↑ + ↑² + … + ↑ⁿ (`v<n>`, `v[n]` their
//!   negatives), n ≥ 1, with a number in front and a star after as above: `^<2>*`,
//!   `3/4v[3]*`. `^<2>` is one token; `^<2` (no closing `>`) and `^ < 2` are comparisons.
//! - Games `{1|-1}`, with commas between options `{a,b|c}`, empty sides `{|} {0|} {|0}`, and
//!   extra bars instead of inner braces: a run of k bars binds looser than a run of fewer, so
//!   `{3||2|1}` is `{3|{2|1}}`, `{A|B||C}` is `{{A|B}|C}` and `{4|||3|1||0|-2}` is
//!   `{4|{{3|1}|{0|-2}}}`. Two equal runs with nothing looser between them (`{3|2|1}`) are an
//!   error, not a guess. Options are full sums (`{2+*|1+*}`).
//! - Switches: prefix `+-G` is `{G|-G}`, and `+-{A,B}` (braces with no bar) is `{A,B|-A,-B}`;
//!   `+-{3|2}` has a bar, so it is `+-` of the game `{3|2}`. Infix `G+-H` is `G + (+-H)`: `3+-1`
//!   is `{4|2}` and `+-1+-2` is `(+-1) + (+-2)`.
//! - Operators, loosest first, as in CGSuite's grammar: comparisons `== <= >= < > <| |> <>`
//!   (one per expression, no chains); `+`, `-` and infix `+-`, left-associative; the ordinal
//!   sum `:`, left-associative; the product `*`, left-associative; prefix `-` and `+-`; the
//!   power `^`, right-associative (so `-2 ^ 2` is −(2²), `3 ^ 2 ^ 2` is 3⁴); then literals,
//!   games, `(…)`, lists, names and calls.
//! - **`*` and `^` between values.** After an operand (a literal, a name, `)`, `}` or `]`), a
//!   `*` is the product and a `^` the power: `3 * 5`, `3 ^5`, `G*2`, `(1/2)^4`. Written
//!   directly against a number they belong to its literal, as CGSuite *prints* games: `3*5` is
//!   3 + *5 and `3^5` is 3 + ↑5, so that everything Conway prints reads back as the same game.
//!   CGSuite's *interpreter* reads `3*5` as 15; where a number runs into `*` or `^` and digits,
//!   the parse carries a [`ReadingNote`] saying so ([`parse_expression_noted`]), which
//!   `conway eval` shows. A number directly followed by `*(`, `^(`, `*{` or `^{` is a product
//!   or power, since no printed literal runs into a bracket: `10*(1+^)`, `5*{3||2|1}`,
//!   `2^(2 ^ 10)`.
//! - Lists `[a, b, …]`, possibly empty, as values and as arguments: `f([1,2],[2,3])`.
//! - Calls `name(arg, …)` whose arguments are expressions or string literals `"lrl"` (strings
//!   have no escapes and may only be whole arguments): `temperature(G)`, `cool(G,1/4)`,
//!   `hackenbush("lrlrrllr")`, `Tiny(2)`. A number written directly against `Tiny(…)` or
//!   `Miny(…)`, as CGSuite prints `2Tiny(3/2)`, means their sum.
//! - Names on their own (`G`, `a`), for the evaluator to resolve. A word made only of `v`s, or
//!   `v` and digits, is a down literal, not a name.
//!
//! Whitespace may stand between tokens, but not inside one. These are single tokens: a
//! literal such as `1/2v*3` or `-2^` (a `-` against a digit, where an operand starts, is the
//! number's sign: `-2^` is (−2)+↑ as CGSuite prints it, while `- 2^` is −(2↑)), `+-` (so
//! `1+-1` is `{2|0}` but `1+ -1` is 0), a run of bars, and the two-character comparisons.
//!
//! Not supported (each gives an error): `+-(…)` lists (use `+-{A,B}`), `/` and `%` between
//! values, unary `+`, assignments (a worksheet's `G := …` is a statement,
//! read by `eval::parse_statement`), comparisons as brace options unless
//! in parentheses.
//!
//! # Grammar
//!
//! ```text
//! expression = sum [ compare-op sum ] ;
//! compare-op = "==" | "<=" | ">=" | "<" | ">" | "<|" | "|>" | "<>" ;
//! sum        = ordinal { ( "+" | "-" ) ordinal | ordinal-starting-with-"+-" } ;
//! ordinal    = product { ":" product } ;
//! product    = prefix { "*" prefix } ;                (* "*" after an operand *)
//! prefix     = "-" prefix | "+-" ( "{" switch-body "}" | prefix ) | power ;
//! power      = atom [ "^" prefix ] ;                  (* "^" after an operand *)
//! atom       = literal [ ( "Tiny" | "Miny" ) arguments ]   (* name against the number *)
//!            | "{" game "}" | "(" expression ")" | "[" [ expression { "," expression } ] "]"
//!            | name [ arguments ] ;
//! arguments  = "(" [ argument { "," argument } ] ")" ;
//! argument   = string | expression ;
//! game       = side bars side { bars side } ;    (* bars: fewer bind tighter; ties are errors *)
//! switch-body = sum { "," sum } | game ;
//! side       = [ sum { "," sum } ] ;
//!
//! (* tokens; no whitespace inside *)
//! literal    = number [ ups ] [ star ] | ups [ star ] | star ;
//! number     = digits [ "/" digits | "." digits ] ;  (* with "-" in front when written against it *)
//! ups        = "^" { "^" } | "^" digits | "v" { "v" } | "v" digits
//!            | ( "^" | "v" ) ( "<" digits ">" | "[" digits "]" ) ;
//! star       = "*" [ digits ] ;
//! bars       = "|" { "|" } ;
//! name       = ( letter | "_" ) { letter | digit | "_" } ;  (* other than a word of downs *)
//! string     = '"' { character other than '"' } '"' ;
//! ```
//!
//! # Limits
//!
//! Nesting of at most [`MAX_DEPTH`] levels (braces, parentheses, calls, prefix signs, and each
//! operator of a chain such as `1+1+…+1` counts one), and at most [`MAX_NUMBER_DIGITS`] digits
//! in any run of digits. Beyond them the parser returns an error: it never overflows the
//! stack, and the trees it returns are shallow enough for recursive evaluation and `Drop`.

mod ast;
mod parse;
#[cfg(test)]
mod tests;

pub use ast::{CompareOp, Expr, ExprKind, Number, UpStar, Ups};
pub use parse::{
    parse_expression, parse_expression_noted, ParseError, ReadingNote, MAX_DEPTH, MAX_NUMBER_DIGITS,
};
