//! Thermography: stops, thermographs (with mean and temperature), cooling and heating.

pub mod cooling;
pub mod stops;
pub mod thermograph;
pub mod trajectory;

pub use cooling::{cool, heat};
pub use stops::{left_stop, right_stop};
pub use thermograph::{thermograph, Thermograph, Thermographer};
pub use trajectory::Trajectory;

#[cfg(test)]
mod tests;
