//! `conway nash`: Nash equilibria of a game from a Gambit `.nfg` file or two payoff matrices,
//! printed as Gambit prints them (`NE,1/3,2/3,1/3,2/3`) or as the contract's JSON.

use std::path::Path;

use conway_strategic::game::rational_text;
use conway_strategic::lh::{lemke_howson, lemke_howson_all};
use conway_strategic::nfg::{parse, parse_matrix};
use conway_strategic::pure::{as_mixed, pure_equilibria};
use conway_strategic::support::support_enumeration;
use conway_strategic::vertex::{components, extreme_equilibria};
use conway_strategic::zero_sum::solve_zero_sum;
use conway_strategic::{MixedProfile, NormalFormGame};
use serde_json::json;

use crate::args::{NashArgs, NashMethod};
use crate::out::emit;
use crate::progress::Reporter;
use crate::CliError;

/// A matrix given inline (`"3 0; 5 1"`) or as a CSV/TSV file.
pub fn matrix(flag: &str, text: &str) -> Result<Vec<Vec<num_rational::BigRational>>, CliError> {
    let path = Path::new(text);
    let (source, content) = if path.is_file() {
        let content = std::fs::read_to_string(path)
            .map_err(|e| CliError::bad_input(format!("{flag} {text}: {e}")))?;
        (text.to_string(), content)
    } else {
        (flag.to_string(), text.to_string())
    };
    parse_matrix(&content).map_err(|e| CliError::bad_input(format!("{source}: {e}")))
}

/// The game named by the arguments: a `.nfg` file, or `--a`/`--b` matrices.
pub fn read_game(
    file: Option<&Path>,
    a: Option<&str>,
    b: Option<&str>,
) -> Result<NormalFormGame, CliError> {
    match (file, a, b) {
        (Some(f), None, None) => {
            let text = std::fs::read_to_string(f)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", f.display())))?;
            parse(&text).map_err(|e| CliError::bad_input(format!("{}: {e}", f.display())))
        }
        (None, Some(a), Some(b)) => {
            let (a, b) = (matrix("--a", a)?, matrix("--b", b)?);
            Ok(NormalFormGame::bimatrix(&a, &b)?)
        }
        (None, Some(a), None) => {
            // A zero-sum game: player 2's payoffs are the negatives.
            let a = matrix("--a", a)?;
            let b: Vec<Vec<_>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
            Ok(NormalFormGame::bimatrix(&a, &b)?)
        }
        _ => Err(CliError::bad_input(
            "give a .nfg file, or payoff matrices with --a (and --b; without it the game is zero-sum)",
        )),
    }
}

fn profile_strings(p: &MixedProfile) -> Vec<Vec<String>> {
    p.iter()
        .map(|s| s.iter().map(rational_text).collect())
        .collect()
}

/// Runs `conway nash`.
pub fn run(args: NashArgs, json: bool) -> Result<(), CliError> {
    let game = read_game(args.file.as_deref(), args.a.as_deref(), args.b.as_deref())?;
    let method = args.method.unwrap_or(if game.num_players() == 2 {
        NashMethod::Enum
    } else {
        NashMethod::Pure
    });
    if args.label.is_some() && method != NashMethod::Lh {
        return Err(CliError::bad_input("--label goes with --method lh"));
    }
    if args.components && method != NashMethod::Enum {
        return Err(CliError::bad_input("--components goes with --method enum"));
    }
    let progress = Reporter::new("solving");
    let mut value = None;
    let equilibria: Vec<MixedProfile> = match method {
        NashMethod::Enum => extreme_equilibria(&game, &progress)?,
        NashMethod::Pure => pure_equilibria(&game)
            .iter()
            .map(|s| as_mixed(&game, s))
            .collect(),
        NashMethod::Support => support_enumeration(&game)?,
        NashMethod::Lh => match args.label {
            Some(0) => return Err(CliError::bad_input("--label counts from 1")),
            Some(l) => vec![lemke_howson(
                &game,
                usize::try_from(l - 1).unwrap_or(usize::MAX),
            )?],
            None => lemke_howson_all(&game, &progress)?,
        },
        NashMethod::Lp => {
            let s = solve_zero_sum(&game)?;
            value = Some(rational_text(&s.value));
            vec![s.strategies]
        }
    };
    progress.finish();
    // Every answer is checked by the definition before it is printed.
    if let Some(bad) = equilibria.iter().find(|e| !game.is_equilibrium(e)) {
        return Err(CliError::internal(format!(
            "a computed profile is not an equilibrium: {:?}",
            profile_strings(bad)
        )));
    }
    let groups = args.components.then(|| components(&equilibria));
    if json {
        let mut obj = json!({
            "players": game.players,
            "method": method.name(),
            "equilibria": equilibria.iter().map(profile_strings).collect::<Vec<_>>(),
        });
        if let Some(groups) = &groups {
            obj["components"] = json!(groups);
        }
        if let Some(v) = &value {
            obj["value"] = json!(v);
        }
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let line = |e: &MixedProfile| {
        let flat: Vec<String> = profile_strings(e).into_iter().flatten().collect();
        format!("NE,{}\n", flat.join(","))
    };
    let mut text = String::new();
    match &groups {
        Some(groups) => {
            for (c, members) in groups.iter().enumerate() {
                text.push_str(&format!(
                    "component {} ({} extreme equilibria):\n",
                    c + 1,
                    members.len()
                ));
                for &i in members {
                    text.push_str(&line(&equilibria[i]));
                }
            }
        }
        None => equilibria.iter().for_each(|e| text.push_str(&line(e))),
    }
    if let Some(v) = value {
        text.push_str(&format!("value to player 1: {v}\n"));
    }
    emit(&text);
    Ok(())
}
