//! Every move of a position, each with the command that answers the position after it: what
//! `--moves` lists and what the worksheet plays from.

use std::ops::ControlFlow;

use conway_impartial::listing::{self, OptionList};
use conway_impartial::{Solution, WinningMove};

use crate::Solved;

/// `solution`, with every move `offer` lists when `moves` asks for them, each move (the
/// winning ones too) carrying the command that answers the position after it: `solve`
/// followed by `command(to)`, quoted as a shell would need.
pub fn playable(
    solution: Solution,
    moves: bool,
    offer: impl FnOnce(&mut OptionList) -> ControlFlow<()>,
    command: impl Fn(&str) -> Vec<String>,
) -> Solved {
    if !moves {
        return solution.into();
    }
    let mut solution = listing::with_options(solution, offer);
    let fill = |m: &mut WinningMove| m.command = Some(command_line(&command(&m.to)));
    solution.winning_moves.iter_mut().for_each(fill);
    solution.options.iter_mut().flatten().for_each(fill);
    solution.into()
}

/// `solve` and `words`, each quoted as a shell would need.
pub fn command_line(words: &[String]) -> String {
    std::iter::once("solve")
        .chain(words.iter().map(String::as_str))
        .map(|w| shlex::try_quote(w).map_or_else(|_| w.to_string(), |q| q.into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of a command: `fixed` words, then the position `to` (split at spaces), then
/// `after`.
pub fn around(fixed: &[&str], to: &str, after: &[&str]) -> Vec<String> {
    let fixed = fixed.iter().map(|w| w.to_string());
    let position = to.split_whitespace().map(str::to_string);
    fixed
        .chain(position)
        .chain(after.iter().map(|w| w.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_for_a_shell() {
        let words = around(&["heap", "S(1,3)"], "3 4", &["--misere"]);
        assert_eq!(command_line(&words), "solve heap 'S(1,3)' 3 4 --misere");
    }
}
