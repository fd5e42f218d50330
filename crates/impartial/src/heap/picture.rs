//! A picture of a heap game's values: an SVG plot of the Grundy values of the first heaps,
//! one dot per heap, with the periodic part shaded from its preperiod and a caption giving
//! the game, the range and the period. Drawn from a [`SequenceReport`] that holds its values;
//! the worksheet and the Python package show it.

use std::fmt::Write;

use super::sequence::SequenceReport;
use conway_core::svg::escape;

/// How many heaps the plot shows by default: enough to see a period of a few dozen.
pub const PLOTTED_HEAPS: usize = 200;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 200.0;
const PAD: f64 = 24.0;

/// The plot of heaps `0..=heaps` (as far as the report's values go); an empty picture when
/// the report holds no values.
pub fn sequence_svg(report: &SequenceReport, heaps: usize) -> String {
    let values: Vec<u32> = report
        .values
        .as_ref()
        .map(|v| v.iter().take(heaps.saturating_add(1)).collect())
        .unwrap_or_default();
    let mut body = String::new();
    let top = f64::from(values.iter().copied().max().unwrap_or(0).max(1));
    let step = (WIDTH - 2.0 * PAD) / (values.len().max(2) - 1) as f64;
    let point = |i: usize, v: u32| {
        (
            PAD + i as f64 * step,
            HEIGHT - PAD - (HEIGHT - 2.0 * PAD) * f64::from(v) / top,
        )
    };
    if let Some(pre) = report.preperiod.filter(|&p| p < values.len()) {
        let (x0, _) = point(pre, 0);
        let _ = write!(
            body,
            r##"<rect x="{x0:.1}" y="{PAD}" width="{:.1}" height="{}" fill="#eef4ff"/>"##,
            WIDTH - PAD - x0,
            HEIGHT - 2.0 * PAD
        );
    }
    for (i, &v) in values.iter().enumerate() {
        let (x, y) = point(i, v);
        let _ = write!(
            body,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="1.8" fill="#1f5fbf"/>"##
        );
    }
    let mut caption = format!(
        "{}: heaps 0..{}, values 0..{}",
        report.game,
        values.len().saturating_sub(1),
        values.iter().max().copied().unwrap_or(0)
    );
    if let (Some(pre), Some(period)) = (report.preperiod, report.period) {
        let _ = write!(caption, "; period {period} from heap {pre}");
        if report.saltus.is_some_and(|s| s > 0) {
            let _ = write!(caption, ", saltus {}", report.saltus.unwrap_or(0));
        }
    }
    let _ = write!(
        body,
        r#"<text x="{PAD}" y="16" font-size="13">{}</text>"#,
        escape(&caption)
    );
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">{body}</svg>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::catalog::HeapGame;
    use crate::heap::sequence::compute;

    #[test]
    fn dots_shading_and_caption() {
        let game = HeapGame::parse("kayles").unwrap();
        let report = compute(&game, 1000, true, None, &conway_core::NoProgress).unwrap();
        let svg = sequence_svg(&report, PLOTTED_HEAPS);
        assert_eq!(svg.matches("<circle").count(), PLOTTED_HEAPS + 1);
        assert_eq!(svg.matches("<rect").count(), 1);
        assert!(
            svg.contains("heaps 0..200, values 0..8; period 12 from heap 71"),
            "{svg}"
        );
        // Lasker's Nim: values grow by 4 every 4 heaps.
        let lasker = compute(
            &HeapGame::parse("lasker").unwrap(),
            40,
            true,
            None,
            &conway_core::NoProgress,
        )
        .unwrap();
        assert!(sequence_svg(&lasker, 40).contains("saltus 4"));
        let mut bare = report.clone();
        bare.values = None;
        assert_eq!(sequence_svg(&bare, 10).matches("<circle").count(), 0);
    }
}
