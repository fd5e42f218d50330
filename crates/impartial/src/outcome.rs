//! Outcome classes of impartial positions under normal or misère play: the shared
//! [`Outcome`] of `conway-core`, of which impartial games use `P` and `N`.

pub use conway_core::Outcome;
