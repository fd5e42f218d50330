//! The slow, obviously correct side of misère canonical forms: games as literal trees (no
//! simplification at all) and the misère outcomes of their sums by exhaustive search.

use std::collections::HashMap;

use proptest::prelude::*;

use crate::{MisereId, MisereStore};

/// Literal games, each stored once as its sorted list of options.
#[derive(Default)]
pub struct Literals {
    options: Vec<Vec<usize>>,
    index: HashMap<Vec<usize>, usize>,
    outcomes: HashMap<Vec<usize>, bool>,
}

/// A literal game tree, as proptest generates it.
#[derive(Clone, Debug)]
pub struct Tree(pub Vec<Tree>);

/// Random trees of depth at most `depth`, with up to `width` options per node.
pub fn trees(depth: u32, width: usize) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(Vec::new()));
    leaf.prop_recursive(depth, 24, width as u32, move |inner| {
        proptest::collection::vec(inner, 0..=width).prop_map(Tree)
    })
}

impl Literals {
    /// The game with these options.
    pub fn game(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(&options) {
            return g;
        }
        self.options.push(options.clone());
        self.index.insert(options, self.options.len() - 1);
        self.options.len() - 1
    }

    /// The empty game.
    pub fn zero(&mut self) -> usize {
        self.game(Vec::new())
    }

    /// A tree as a literal game.
    pub fn tree(&mut self, tree: &Tree) -> usize {
        let options = tree.0.iter().map(|t| self.tree(t)).collect();
        self.game(options)
    }

    /// The literal game of a canonical form (its canonical options, recursively).
    pub fn of_canonical(&mut self, store: &MisereStore, g: MisereId) -> usize {
        let options = store
            .options(g)
            .iter()
            .map(|&o| self.of_canonical(store, o))
            .collect();
        self.game(options)
    }

    /// The mate by its definition: * for 0, else the game of the options' mates.
    pub fn mate(&mut self, g: usize) -> usize {
        if self.options[g].is_empty() {
            let zero = self.zero();
            return self.game(vec![zero]);
        }
        let options = self.options[g]
            .clone()
            .into_iter()
            .map(|o| self.mate(o))
            .collect();
        self.game(options)
    }

    /// The canonical form of a literal game.
    pub fn canonical(&self, store: &mut MisereStore, g: usize) -> MisereId {
        let options = self.options[g]
            .iter()
            .map(|&o| self.canonical(store, o))
            .collect();
        store.from_options(options).unwrap()
    }

    /// Whether the player to move loses the misère sum of these games, by search.
    pub fn is_p_position(&mut self, games: &[usize]) -> bool {
        let mut sum: Vec<usize> = games
            .iter()
            .copied()
            .filter(|&g| !self.options[g].is_empty())
            .collect();
        sum.sort_unstable();
        if sum.is_empty() {
            // No move: the player to move has won.
            return false;
        }
        if let Some(&p) = self.outcomes.get(&sum) {
            return p;
        }
        let mut p = true;
        'moves: for i in 0..sum.len() {
            for o in self.options[sum[i]].clone() {
                let mut next = sum.clone();
                next[i] = o;
                if self.is_p_position(&next) {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.outcomes.insert(sum, p);
        p
    }
}
