//! Pictures of loopy games, drawn from games written in CGSuite's notation.

use conway_expr::eval::{evaluate_text, Value};
use conway_loopy::picture::*;
use conway_loopy::Loopy;
use conway_partizan::Store;

fn picture(text: &str) -> Option<String> {
    let mut store = Store::new();
    let value = match evaluate_text(&mut store, text).expect("a game") {
        Value::Loopy(v) => v,
        Value::Game(g) => Loopy::Short(g),
        other => panic!("{other:?}"),
    };
    loopy_svg(&value, text, &mut store).expect("within the limits")
}

/// over = {0|pass}: the start (a) with Left's move to the box 0 and Right's pass, a
/// red loop.
#[test]
fn over_is_a_position_with_a_red_loop_and_a_move_to_zero() {
    let svg = picture("over").unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("data-position=").count(), 1);
    assert!(svg.contains(">a = over<"));
    assert!(svg.contains(r#"text-anchor="middle">0</text>"#));
    assert_eq!(svg.matches(r#"data-move="left""#).count(), 1);
    assert_eq!(svg.matches(r#"data-move="right""#).count(), 1);
    // The loop starts and ends beside the same position.
    let right = svg
        .lines()
        .find(|l| l.contains(r#"data-move="right""#))
        .unwrap();
    assert!(right.contains(" C"), "{right}");
}

/// A value with two sides is drawn twice, onside and offside; a short game not at all.
#[test]
fn sides_are_drawn_side_by_side_and_short_games_not_at_all() {
    let svg = picture("a{1||a|0}").unwrap();
    assert!(svg.contains(">onside<") && svg.contains(">offside<"));
    assert!(picture("{1|0}").is_none());
}

/// CGSuite's `a{0||||0|||a|*||*}`: four loopy positions in a cycle through the start,
/// so some move goes back up to `a`.
#[test]
fn a_cycle_back_to_the_start_is_drawn() {
    let svg = picture("x{0||||0|||x|*||*}").unwrap();
    assert!(svg.contains(">a = a{0||||0|||a|*||*}<"), "{svg}");
    assert!(svg.matches("data-position=").count() >= 3);
}
