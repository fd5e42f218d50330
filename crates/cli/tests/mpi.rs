//! `--mpi` under `mpirun`: 1, 2 and 4 ranks (4 oversubscribed on a small machine) print
//! byte for byte what one process prints, for the Easy Chase and for Nash equilibria;
//! checkpointed slices answer a rerun; bad input is reported once. Built with the `mpi`
//! feature only; a build without it refuses `--mpi` with a usage error.

mod common;

use common::{conway, succeeded};

#[cfg(feature = "mpi")]
mod under_mpirun {
    use super::*;
    use std::path::Path;
    use std::process::{Command, Output};

    /// `conway ARGS --mpi` under `mpirun -np RANKS`.
    fn mpirun(ranks: usize, args: &[&str]) -> Output {
        let binary = assert_cmd::cargo::cargo_bin("conway");
        Command::new("mpirun")
            .args(["--allow-run-as-root", "--oversubscribe", "-np"])
            .arg(ranks.to_string())
            .arg(binary)
            .args(args)
            .arg("--mpi")
            .output()
            .expect("mpirun runs (Open MPI installed)")
    }

    fn same_under_mpirun(args: &[&str]) {
        let expected = succeeded(conway().args(args), "one process");
        for ranks in [1, 2, 4] {
            let out = mpirun(ranks, args);
            assert!(
                out.status.success(),
                "{ranks} ranks: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&expected),
                "{ranks} ranks, {args:?}"
            );
        }
    }

    #[test]
    fn the_easy_chase_prints_the_same_on_any_number_of_ranks() {
        same_under_mpirun(&[
            "solve", "chase", "7", "1", "1", "7", "7", "--line", "--moves",
        ]);
        same_under_mpirun(&["solve", "--json", "chase", "9", "2", "3", "8", "5"]);
        same_under_mpirun(&[
            "solve",
            "chase",
            "5",
            "3",
            "3",
            "1",
            "1",
            "--to-move",
            "black",
        ]);
    }

    /// A random n×n game with payoffs 0..99, as two CSV files.
    fn random_game(dir: &Path, n: usize, mut seed: u64) -> (String, String) {
        let mut matrix = |name: &str| {
            let mut text = String::new();
            for _ in 0..n {
                let row: Vec<String> = (0..n)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((seed >> 33) % 100).to_string()
                    })
                    .collect();
                text.push_str(&row.join(","));
                text.push('\n');
            }
            let path = dir.join(name);
            std::fs::write(&path, text).expect("written");
            path.to_string_lossy().into_owned()
        };
        (matrix("a.csv"), matrix("b.csv"))
    }

    #[test]
    fn nash_prints_the_same_on_any_number_of_ranks() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (a, b) = random_game(dir.path(), 11, 7);
        same_under_mpirun(&["nash", "--a", &a, "--b", &b]);
        same_under_mpirun(&["nash", "--json", "--a", &a, "--b", &b, "--decimals", "4"]);
        // A degenerate game (Gambit's contrib/games/deg1.nfg payoffs): components too.
        let deg1 = dir.path().join("deg1.nfg");
        std::fs::write(
            &deg1,
            "NFG 1 R \"Degenerate 3x3 game 1\" { \"Player 1\" \"Player 2\" }\n\n\
             { { \"1\" \"2\" \"3\" }\n{ \"1\" \"2\" \"3\" }\n}\n\"\"\n\n{\n{ \"\" 1, 1 }\n\
             { \"\" 2, 3 }\n{ \"\" 3, 2 }\n{ \"\" 3, 2 }\n{ \"\" 2, 2 }\n{ \"\" 1, 2 }\n\
             { \"\" 2, 3 }\n{ \"\" 2, 1 }\n{ \"\" 2, 2 }\n}\n1 2 3 4 5 6 7 8 9 \n",
        )
        .expect("written");
        let deg1 = deg1.to_string_lossy().into_owned();
        same_under_mpirun(&["nash", &deg1, "--components"]);
    }

    #[test]
    fn checkpointed_slices_answer_a_rerun() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let slices = dir.path().join("slices");
        let slices = slices.to_string_lossy();
        let args = [
            "solve",
            "chase",
            "8",
            "1",
            "1",
            "8",
            "8",
            "--checkpoint",
            &slices,
            "--checkpoint-every",
            "0",
        ];
        let expected = succeeded(conway().args(&args[..7]), "one process");
        for _ in 0..2 {
            let out = mpirun(2, &args);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(out.stdout, expected);
        }
        let files = std::fs::read_dir(dir.path().join("slices"))
            .expect("the directory exists")
            .count();
        assert_eq!(files, 4, "two slice files per rank");
    }

    /// Under `mpirun -np 2`: `conway ARGS --mpi` on rank 0 and `conway OTHER --mpi` on
    /// rank 1 (as when a file is on one machine's disk only).
    fn mpirun_apart(args: &[&str], other: &[&str]) -> Output {
        let binary = assert_cmd::cargo::cargo_bin("conway");
        let script = format!(
            "if [ \"$OMPI_COMM_WORLD_RANK\" = 0 ]; then exec {0} {1} --mpi; else exec {0} {2} --mpi; fi",
            binary.display(),
            shlex::try_join(args.iter().copied()).expect("quoted"),
            shlex::try_join(other.iter().copied()).expect("quoted"),
        );
        Command::new("mpirun")
            .args([
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                "sh",
                "-c",
            ])
            .arg(script)
            .output()
            .expect("mpirun runs (Open MPI installed)")
    }

    /// The one line rank 0 prints on standard error.
    fn reported(out: &Output) -> String {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("conway:"))
            .collect();
        assert_eq!(lines.len(), 1, "{stderr}");
        lines[0].to_string()
    }

    #[test]
    fn a_failure_on_one_rank_stops_every_rank() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (a, b) = random_game(dir.path(), 5, 3);
        let out = mpirun_apart(
            &["nash", "--a", &a, "--b", &b],
            &["nash", "--a", "/nonexistent/a.csv", "--b", &b],
        );
        assert_eq!(out.status.code(), Some(2));
        let line = reported(&out);
        assert!(
            line.contains("rank 1: ") && line.contains("/nonexistent/a.csv"),
            "{line}"
        );
        // A checkpoint directory that rank 1 cannot make (a file is in the way).
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, "").expect("written");
        let good = dir.path().join("slices");
        let bad = blocker.join("slices");
        let (good, bad) = (good.to_string_lossy(), bad.to_string_lossy());
        let chase = ["solve", "chase", "6", "1", "1", "6", "6", "--checkpoint"];
        let out = mpirun_apart(
            &[&chase[..], &[&good]].concat(),
            &[&chase[..], &[&bad]].concat(),
        );
        assert_eq!(out.status.code(), Some(2));
        let line = reported(&out);
        assert!(
            line.contains("rank 1: ") && line.contains("checkpoint directory"),
            "{line}"
        );
    }

    #[test]
    fn bad_input_is_reported_once() {
        let out = mpirun(2, &["nash", "/nonexistent/game.nfg"]);
        assert_eq!(out.status.code(), Some(2));
        let line = reported(&out);
        assert!(line.contains("/nonexistent/game.nfg"), "{line}");
        assert!(!line.contains("rank "), "every rank failed alike: {line}");
        let out = mpirun(2, &["solve", "chase", "8", "9", "1", "1", "1"]);
        assert_eq!(out.status.code(), Some(2));
        let out = mpirun(2, &["nash", "--method", "lh", "/nonexistent/game.nfg"]);
        assert_eq!(out.status.code(), Some(2));
    }
}

#[cfg(not(feature = "mpi"))]
#[test]
fn a_build_without_mpi_refuses_it() {
    let out = conway()
        .args(["solve", "chase", "5", "1", "1", "5", "5", "--mpi"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features mpi"), "{stderr}");
}

/// Without `mpirun`, `--table` and `--checkpoint` keep their own meanings apart.
#[test]
fn mpi_flags_combine_as_documented() {
    let out = conway()
        .args([
            "solve",
            "chase",
            "5",
            "1",
            "1",
            "5",
            "5",
            "--checkpoint",
            "x",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "--checkpoint needs --mpi");
    let out = conway()
        .args([
            "solve", "chase", "5", "1", "1", "5", "5", "--mpi", "--table", "t",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "--table and --mpi conflict");
    let _ = succeeded(
        conway().args(["solve", "chase", "5", "1", "1", "5", "5"]),
        "plain",
    );
}
