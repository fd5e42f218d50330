//! What the integration tests share: games read from CGSuite's notation.

use conway_partizan::{GameId, Store};

/// A game written in CGSuite's notation, read by `conway eval`'s parser. Panics on anything
/// that is not a game: it reads test data only.
pub fn cgsuite_game(store: &mut Store, text: &str) -> GameId {
    match conway_expr::eval::evaluate_text(store, text) {
        Ok(conway_expr::eval::Value::Game(g)) => g,
        other => panic!("{text}: not a game ({other:?})"),
    }
}
