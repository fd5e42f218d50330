//! A misère quotient drawn as the worksheet shows it: the multiplication table of Q with
//! the P-portion shaded (the product of a row and a column is in P exactly when the
//! position they make loses for the player to move), then the heaps' words. A quotient too
//! large for a table (more than [`MAX_TABLE_ORDER`] elements) shows its words only.

use std::fmt::Write;

use super::{QuotientReport, MAX_TABLE_ORDER};
use conway_core::svg::escape;

const CELL_HEIGHT: f64 = 18.0;
const CHAR_WIDTH: f64 = 7.2;
const PAD: f64 = 8.0;
/// The heaps whose words are listed under the table.
const LISTED_HEAPS: usize = 60;
/// Heap words per line of that list.
const WORDS_PER_LINE: usize = 12;

/// The picture of a quotient report, as SVG.
pub fn quotient_svg(report: &QuotientReport) -> String {
    let mut body = String::new();
    let mut y = PAD;
    let caption = format!(
        "{}: misère quotient of heaps 0..{}, |Q| = {}, |P| = {} (shaded){}",
        report.game,
        report.computed_to,
        report.order,
        report.p_order,
        if report.complete {
            ", the whole game's"
        } else {
            ""
        }
    );
    let mut width = text_width(&caption);
    text(&mut body, PAD, y + 12.0, &caption, "bold");
    y += CELL_HEIGHT + 4.0;
    if let Some(table) = &report.table {
        let cell = report
            .elements
            .iter()
            .map(|w| text_width(w))
            .fold(2.0 * CHAR_WIDTH, f64::max)
            + 8.0;
        let in_p = |x: usize| report.p_elements.contains(&x);
        // The header row and column name the elements; each cell is their product.
        for (i, word) in report.elements.iter().enumerate() {
            let x = PAD + (i + 1) as f64 * cell;
            header(&mut body, x, y, cell, word);
            header(&mut body, PAD, y + (i + 1) as f64 * CELL_HEIGHT, cell, word);
        }
        for (r, row) in table.iter().enumerate() {
            for (c, &product) in row.iter().enumerate() {
                let x = PAD + (c + 1) as f64 * cell;
                let top = y + (r + 1) as f64 * CELL_HEIGHT;
                let fill = if in_p(product) { "#ffe2b8" } else { "#ffffff" };
                let _ = write!(
                    body,
                    r##"<rect x="{x:.1}" y="{top:.1}" width="{cell:.1}" height="{CELL_HEIGHT}" fill="{fill}" stroke="#cccccc" stroke-width="0.5"/>"##
                );
                text(
                    &mut body,
                    x + 4.0,
                    top + 13.0,
                    &report.elements[product],
                    "normal",
                );
            }
        }
        width = width.max(PAD + (table.len() + 1) as f64 * cell);
        y += (table.len() + 1) as f64 * CELL_HEIGHT + 8.0;
    } else {
        let line = format!(
            "(the table is drawn for at most {MAX_TABLE_ORDER} elements; P = {})",
            report
                .p_elements
                .iter()
                .map(|&x| report.elements[x].as_str())
                .collect::<Vec<_>>()
                .join(",")
        );
        let shown: String = line.chars().take(200).collect();
        width = width.max(text_width(&shown));
        text(&mut body, PAD, y + 12.0, &shown, "normal");
        y += CELL_HEIGHT + 4.0;
    }
    let heaps = report.heap_words.len().min(LISTED_HEAPS);
    for start in (0..heaps).step_by(WORDS_PER_LINE) {
        let words: Vec<String> = (start..(start + WORDS_PER_LINE).min(heaps))
            .map(|h| format!("{h}:{}", report.heap_words[h]))
            .collect();
        let line = format!(
            "{}{}",
            if start == 0 { "Φ  " } else { "   " },
            words.join("  ")
        );
        width = width.max(text_width(&line));
        text(&mut body, PAD, y + 12.0, &line, "normal");
        y += CELL_HEIGHT;
    }
    if report.heap_words.len() > heaps {
        text(&mut body, PAD, y + 12.0, "   …", "normal");
        y += CELL_HEIGHT;
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="monospace" font-size="12">{body}</svg>"##,
        w = width + 2.0 * PAD,
        h = y + PAD
    )
}

fn text_width(s: &str) -> f64 {
    s.chars().count() as f64 * CHAR_WIDTH
}

fn text(body: &mut String, x: f64, y: f64, s: &str, weight: &str) {
    let _ = write!(
        body,
        r##"<text x="{x:.1}" y="{y:.1}" font-weight="{weight}">{}</text>"##,
        escape(s)
    );
}

fn header(body: &mut String, x: f64, y: f64, width: f64, word: &str) {
    let _ = write!(
        body,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{CELL_HEIGHT}" fill="#eef4ff" stroke="#cccccc" stroke-width="0.5"/>"##
    );
    text(body, x + 4.0, y + 13.0, word, "bold");
}

#[cfg(test)]
mod tests {
    use super::super::misere_quotient;
    use super::*;
    use crate::heap::catalog::HeapGame;

    /// 0.75's quotient: eight elements, a table of 64 products of which those in P are
    /// shaded — a and b² and nothing else, as the presentation says.
    #[test]
    fn the_table_of_075() {
        let report = misere_quotient(
            &HeapGame::parse("0.75").unwrap(),
            40,
            &conway_core::NoProgress,
        )
        .unwrap();
        let table = report.table.as_ref().unwrap();
        assert_eq!(table.len(), 8);
        let p: Vec<&str> = report
            .p_elements
            .iter()
            .map(|&x| report.elements[x].as_str())
            .collect();
        assert_eq!(p, ["a", "b2"]);
        // Commutative, with 1 the identity.
        for (x, row) in table.iter().enumerate() {
            assert_eq!(table[0][x], x);
            assert!(row.iter().enumerate().all(|(y, &z)| table[y][x] == z));
        }
        let svg = quotient_svg(&report);
        let shaded = svg.matches("#ffe2b8").count();
        let in_p = table
            .iter()
            .flatten()
            .filter(|&&z| z == report.p_elements[0] || z == report.p_elements[1])
            .count();
        assert_eq!(shaded, in_p);
        assert!(svg.contains("|Q| = 8, |P| = 2 (shaded), the whole game's"));
    }
}
