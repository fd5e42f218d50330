//! Thermographs as SVG pictures, drawn the way Winning Ways draws them: temperature upwards,
//! values along the horizontal axis with larger values (Left's direction) to the left, the
//! left wall in blue, the right wall in red, the mast rising above the temperature.
//!
//! Coordinates are floating point because they are pixels; every label is the exact value.

use std::fmt::Write;

use conway_core::svg::escape;
use conway_numbers::Dyadic;

use super::thermograph::Thermograph;
use super::trajectory::Trajectory;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
const MARGIN: f64 = 70.0;

/// The SVG document for a thermograph, titled with the game's text.
pub fn thermograph_svg(thermograph: &Thermograph, title: &str) -> String {
    let minus_one = Dyadic::from_integer(-1);
    let temperature = thermograph.temperature().clone();
    let top = temperature.to_f64().max(0.0) + 1.0;
    let mut temps: Vec<Dyadic> = vec![minus_one.clone(), Dyadic::zero(), temperature.clone()];
    for wall in [&thermograph.left, &thermograph.right] {
        temps.extend(wall.segments().iter().map(|s| s.start.clone()));
    }
    temps.sort();
    temps.dedup();
    let values: Vec<Dyadic> = temps
        .iter()
        .flat_map(|t| [thermograph.left.value_at(t), thermograph.right.value_at(t)])
        .collect();
    let (mut v_min, mut v_max) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in &values {
        v_min = v_min.min(v.to_f64());
        v_max = v_max.max(v.to_f64());
    }
    if v_max - v_min < 1.0 {
        let middle = (v_max + v_min) / 2.0;
        (v_min, v_max) = (middle - 0.5, middle + 0.5);
    }
    let pad = (v_max - v_min) * 0.08;
    let (v_min, v_max) = (v_min - pad, v_max + pad);
    let x = |v: f64| MARGIN + (v_max - v) / (v_max - v_min) * (WIDTH - 2.0 * MARGIN);
    let y = |t: f64| MARGIN + (top - t) / (top + 1.0) * (HEIGHT - 2.0 * MARGIN);

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15">Thermograph of {}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    // Axes: the value axis at t = 0, the temperature axis at value 0 when in range.
    let y0 = y(0.0);
    let _ = writeln!(
        svg,
        r##"<line x1="{MARGIN}" y1="{y0}" x2="{}" y2="{y0}" stroke="#888"/>"##,
        WIDTH - MARGIN
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">value (Left's direction ←)</text>"#,
        WIDTH / 2.0,
        HEIGHT - 18.0
    );
    let axis_x = if (v_min..=v_max).contains(&0.0) {
        x(0.0)
    } else {
        WIDTH - MARGIN
    };
    let _ = writeln!(
        svg,
        r##"<line x1="{axis_x}" y1="{}" x2="{axis_x}" y2="{}" stroke="#888"/>"##,
        y(top),
        y(-1.0)
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">temperature t</text>"#,
        axis_x,
        MARGIN - 12.0
    );
    // Temperature ticks at the critical temperatures, labelled exactly.
    for t in &temps {
        let ty = y(t.to_f64());
        let _ = writeln!(
            svg,
            r##"<line x1="{}" y1="{ty}" x2="{}" y2="{ty}" stroke="#888"/><text x="{}" y="{}" text-anchor="start" fill="#444">{}</text>"##,
            axis_x - 4.0,
            axis_x + 4.0,
            axis_x + 6.0,
            ty + 4.0,
            t
        );
    }
    // Value ticks at the stops and the mean.
    let zero = Dyadic::zero();
    let mut marks = vec![
        thermograph.left.value_at(&zero),
        thermograph.right.value_at(&zero),
        thermograph.mean().clone(),
    ];
    marks.sort();
    marks.dedup();
    for v in &marks {
        let vx = x(v.to_f64());
        let _ = writeln!(
            svg,
            r##"<line x1="{vx}" y1="{}" x2="{vx}" y2="{}" stroke="#888"/><text x="{vx}" y="{}" text-anchor="middle" fill="#444">{}</text>"##,
            y0 - 4.0,
            y0 + 4.0,
            y0 + 18.0,
            v
        );
    }
    for (wall, colour) in [
        (&thermograph.left, "#1f4fd1"),
        (&thermograph.right, "#d12f1f"),
    ] {
        let points = wall_points(wall, &temperature, &x, &y);
        let _ = writeln!(
            svg,
            r#"<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>"#
        );
    }
    let (mx, mast_bottom) = (
        x(thermograph.mean().to_f64()),
        y(temperature.to_f64().max(-1.0)),
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{mx}" y1="{mast_bottom}" x2="{mx}" y2="{}" stroke="#222" stroke-width="2.5"/><polygon points="{},{} {},{} {},{}" fill="#222"/>"##,
        y(top) + 8.0,
        mx - 5.0,
        y(top) + 10.0,
        mx + 5.0,
        y(top) + 10.0,
        mx,
        y(top)
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="start">mean {}, temperature {}</text>"#,
        mx + 8.0,
        y(top) + 14.0,
        thermograph.mean(),
        temperature
    );
    svg.push_str("</svg>\n");
    svg
}

/// The wall's corner points from t = −1 up to the temperature, in pixels.
fn wall_points(
    wall: &Trajectory,
    temperature: &Dyadic,
    x: &impl Fn(f64) -> f64,
    y: &impl Fn(f64) -> f64,
) -> String {
    let mut ts: Vec<Dyadic> = wall
        .segments()
        .iter()
        .map(|s| s.start.clone())
        .filter(|t| t <= temperature)
        .collect();
    ts.push(temperature.clone());
    ts.dedup();
    ts.iter()
        .map(|t| format!("{:.2},{:.2}", x(wall.value_at(t).to_f64()), y(t.to_f64())))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thermal::thermograph;
    use crate::Store;

    #[test]
    fn picture_has_walls_axes_and_exact_labels() {
        let mut store = Store::new();
        let (one, minus_one) = (store.integer(1), store.integer(-1));
        let g = store.construct(&[one], &[minus_one]);
        let svg = thermograph_svg(&thermograph(&mut store, g).unwrap(), "+-1 & <co>");
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 2, "two walls");
        assert!(svg.contains("temperature t") && svg.contains("value (Left"));
        assert!(svg.contains("mean 0, temperature 1"));
        assert!(svg.contains("+-1 &amp; &lt;co&gt;"), "title escaped");
        // Left wall from (value 2, t = −1) to the mast (0, 1): x grows as values fall.
        let walls: Vec<&str> = svg.lines().filter(|l| l.contains("<polyline")).collect();
        assert!(walls[0].contains("#1f4fd1") && walls[1].contains("#d12f1f"));
    }
}
