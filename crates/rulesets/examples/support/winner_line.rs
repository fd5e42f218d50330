//! One line about a search of who wins, for the examples that time one.

use std::time::Instant;

use conway_partizan::PartizanError;
use conway_rulesets::outcome::WinnerReport;

/// Prints the search's answer on `label` (its class, who wins each way, positions searched,
/// time since `start` on `cores`, and the peak memory in MiB), or its error and exits 1.
pub fn print_or_exit(
    label: &str,
    answer: Result<WinnerReport, PartizanError>,
    start: Instant,
    cores: &str,
    peak_mib: Option<u64>,
) {
    match answer {
        Ok(report) => println!(
            "{label}: {} ({}), {} positions, {:.2} s{cores}, peak {} MiB",
            report
                .outcome
                .map_or_else(|| "-".to_string(), |o| o.to_string()),
            report.winners(),
            report.nodes,
            start.elapsed().as_secs_f64(),
            peak_mib.unwrap_or(0)
        ),
        Err(e) => {
            eprintln!("{label}: {e}");
            std::process::exit(1);
        }
    }
}
