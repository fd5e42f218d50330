//! Thermography: stops, thermographs (with mean and temperature), cooling and heating.

pub mod cooling;
pub mod stops;
pub mod svg;
pub mod thermograph;
pub mod trajectory;

pub use cooling::{cool, heat, overheat};
pub use stops::{left_stop, right_stop};
pub use svg::thermograph_svg;
pub use thermograph::{
    mean_and_temperature, thermograph, Thermograph, Thermographer, MAX_NUMBER_EXPONENT,
};
pub use trajectory::Trajectory;

#[cfg(test)]
mod tests;
