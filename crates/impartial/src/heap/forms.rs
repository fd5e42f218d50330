//! Misère canonical forms of single heaps (Conway; printed as CGSuite prints them,
//! `*[2#0]`): heap n's form is the game whose options are the sums of the forms of the
//! heaps each move leaves. Unlike the genus, a form decides every misère sum it is part
//! of, but forms of wild games grow fast; the store's limit ends the list.

use std::ops::ControlFlow;

use conway_core::{Progress, Work};
use conway_misere::{MisereError, MisereId, MisereStore};

use super::catalog::HeapGame;
use super::HeapRule;
use crate::ImpartialError;

/// The longest form printed, in characters (all ASCII); a longer one is described instead.
pub const MAX_FORM_CHARS: usize = 2000;

/// The forms of heaps `0..=to` as far as the store's limit allows, and why the list ends
/// early when it does. `progress` hears after each heap.
pub fn heap_forms(
    game: &HeapGame,
    to: usize,
    store: &mut MisereStore,
    progress: &dyn Progress,
) -> Result<(Vec<MisereId>, Option<String>), ImpartialError> {
    let mut forms: Vec<MisereId> = Vec::new();
    for n in 0..=to {
        match heap_form(game, n as u64, &forms, store) {
            Ok(form) => forms.push(form),
            Err(e @ MisereError::TooLarge { .. }) => {
                return Ok((forms, Some(format!("forms stop before heap {n}: {e}"))));
            }
            Err(e) => return Err(ImpartialError::InvalidInput(e.to_string())),
        }
        if n < to
            && progress
                .report(Work::of(forms.len() as u64, to as u64 + 1, "heaps"))
                .is_break()
        {
            return Err(ImpartialError::InterruptedAtHeap {
                heap: forms.len(),
                saved_to: None,
            });
        }
    }
    Ok((forms, None))
}

/// Heap n's form from the forms of the smaller heaps.
fn heap_form(
    game: &HeapGame,
    n: u64,
    smaller: &[MisereId],
    store: &mut MisereStore,
) -> Result<MisereId, MisereError> {
    let mut options = Vec::new();
    let mut failure = None;
    let _ = game.visit_options(n, &mut |heaps| {
        let mut sum = MisereId::ZERO;
        for &h in heaps {
            match store.add(sum, smaller[h as usize]) {
                Ok(s) => sum = s,
                Err(e) => {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
            }
        }
        options.push(sum);
        ControlFlow::Continue(())
    });
    match failure {
        Some(e) => Err(e),
        None => store.from_options(options),
    }
}

/// The texts of the forms of heaps `0..=to`, as far as a store of
/// [`conway_misere::DEFAULT_MAX_BYTES`] reaches, and why the list ends early when it
/// does: what `conway grundy --misere --forms` shows.
pub fn heap_form_texts(
    game: &HeapGame,
    to: usize,
    progress: &dyn Progress,
) -> Result<(Vec<String>, Option<String>), ImpartialError> {
    let mut store = MisereStore::new();
    let (forms, note) = heap_forms(game, to, &mut store, progress)?;
    let texts = forms
        .into_iter()
        .map(|f| form_text(&mut store, f))
        .collect::<Result<_, _>>()?;
    Ok((texts, note))
}

/// The memory the forms of one `solve heap … --misere` position may take, in bytes.
pub const POSITION_FORM_BYTES: usize = 4 << 20;

/// The misère canonical form of a sum of heaps in CGSuite's notation, when the forms of its
/// heaps fit in [`POSITION_FORM_BYTES`] and the text in [`MAX_FORM_CHARS`]; `None` otherwise.
pub fn position_form_text(game: &HeapGame, heaps: &[u64]) -> Option<String> {
    let largest = usize::try_from(heaps.iter().copied().max().unwrap_or(0)).ok()?;
    let mut store = MisereStore::with_limit(POSITION_FORM_BYTES);
    let (forms, note) = heap_forms(game, largest, &mut store, &conway_core::NoProgress).ok()?;
    if note.is_some() {
        return None;
    }
    let mut sum = MisereId::ZERO;
    for &h in heaps {
        sum = store.add(sum, forms[h as usize]).ok()?;
    }
    store.text_within(sum, MAX_FORM_CHARS).ok().flatten()
}

/// A form's text, or its size when it is longer than [`MAX_FORM_CHARS`].
pub fn form_text(store: &mut MisereStore, form: MisereId) -> Result<String, ImpartialError> {
    let text = store
        .text_within(form, MAX_FORM_CHARS)
        .map_err(|e| ImpartialError::InvalidInput(e.to_string()))?;
    Ok(text.unwrap_or_else(|| {
        format!(
            "(more than {MAX_FORM_CHARS} characters: birthday {}, {} options)",
            store.birthday(form),
            store.options(form).len()
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_core::NoProgress;

    /// CGSuite's test suite (GameHeapTest.scala): Grundy's game on 22 tokens.
    #[test]
    fn grundys_game_22_as_cgsuite_prints_it() {
        let mut store = MisereStore::new();
        let game = HeapGame::parse("grundy").unwrap();
        let (forms, note) = heap_forms(&game, 22, &mut store, &NoProgress).unwrap();
        assert_eq!(note, None);
        assert_eq!(
            form_text(&mut store, forms[22]).unwrap(),
            "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
        );
    }

    /// The forms agree with the genus search: G⁺, G⁻ and every digit of the genus.
    #[test]
    fn forms_have_the_searched_genera() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.56"] {
            let game = HeapGame::parse(code).unwrap();
            let mut store = MisereStore::new();
            let (forms, _) = heap_forms(&game, 12, &mut store, &NoProgress).unwrap();
            let report = super::super::genus::heap_genera(&game, 12, 200_000, &NoProgress).unwrap();
            for (n, (&form, genus)) in forms.iter().zip(&report.genus).enumerate() {
                let canonical = store.genus(form);
                assert_eq!(
                    u64::from(canonical.normal()),
                    genus.normal,
                    "{code} heap {n}"
                );
                for i in 0..6 {
                    assert_eq!(
                        u64::from(canonical.digit(i)),
                        genus.digit(i),
                        "{code} heap {n} digit {i}"
                    );
                }
            }
        }
    }
}
