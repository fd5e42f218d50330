//! The methods of `conway nash` by name, what else a request may ask of them, which
//! options go with which method, and which method an extensive game gets by default.

use serde::{Serialize, Serializer};

use crate::extensive::reduced::reduced_normal_form;
use crate::extensive::sequence::SequenceForm;
use crate::extensive::ExtensiveGame;
use crate::game::NormalFormGame;
use crate::StrategicError;

/// How the equilibria are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// All extreme equilibria by vertex enumeration (two players; degenerate games too).
    Enum,
    /// Pure-strategy equilibria (any number of players).
    Pure,
    /// Support enumeration, equal-size supports (two players; complete for nondegenerate
    /// games).
    Support,
    /// Lemke–Howson (two players): from one label, or every equilibrium reachable by
    /// restarts.
    Lh,
    /// Linear programming for zero-sum games: the value and optimal strategies.
    Lp,
    /// Support enumeration with the polynomial system of each support (any number of
    /// players): every isolated equilibrium, exact where rational, otherwise certified.
    Poly,
    /// Lemke's algorithm on the sequence form (two players; a normal-form game is a tree
    /// where each moves once): one equilibrium, by the tracing procedure from the centroid,
    /// in time polynomial in the size of the tree.
    Lcp,
    /// The principal branch of logit quantal response equilibria, followed from the
    /// centroid (any number of players): one equilibrium, its limit, exact or certified.
    Logit,
    /// Simplicial subdivision with restarts on finer grids, from the centroid (any number of
    /// players): one equilibrium, exact or certified.
    Simpdiv,
}

impl Method {
    /// Every method, in the order they are listed to users.
    pub const ALL: [Method; 9] = [
        Method::Enum,
        Method::Pure,
        Method::Support,
        Method::Lh,
        Method::Lcp,
        Method::Lp,
        Method::Poly,
        Method::Logit,
        Method::Simpdiv,
    ];

    /// The method's name, as written on a command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::Enum => "enum",
            Method::Pure => "pure",
            Method::Support => "support",
            Method::Lh => "lh",
            Method::Lp => "lp",
            Method::Poly => "poly",
            Method::Lcp => "lcp",
            Method::Logit => "logit",
            Method::Simpdiv => "simpdiv",
        }
    }

    /// What the method finds, in one line.
    pub fn summary(self) -> &'static str {
        match self {
            Method::Enum => {
                "All extreme equilibria by reverse-search vertex enumeration (two players; degenerate games too)"
            }
            Method::Pure => "Pure-strategy equilibria (any number of players)",
            Method::Support => {
                "Support enumeration, equal-size supports (two players; complete for nondegenerate games)"
            }
            Method::Lh => {
                "Lemke–Howson (two players): from --label, or every equilibrium reachable by restarts"
            }
            Method::Lp => "Linear programming for zero-sum games: the value and optimal strategies",
            Method::Poly => {
                "Support enumeration with polynomial systems (any number of players): every equilibrium, exact where rational, else certified to --precision digits"
            }
            Method::Lcp => {
                "Lemke's algorithm on the sequence form (two players; the default for large extensive games): one equilibrium, exact"
            }
            Method::Logit => {
                "The logit QRE branch from the centroid to its limit (any number of players; --path prints it): one equilibrium, exact or certified"
            }
            Method::Simpdiv => {
                "Simplicial subdivision from the centroid, restarted on finer grids (any number of players): one equilibrium, exact or certified"
            }
        }
    }

    /// The method used when none is chosen: every extreme equilibrium for two players,
    /// every equilibrium by polynomial systems for more.
    pub fn default_for(game: &NormalFormGame) -> Method {
        Method::default_for_players(game.num_players())
    }

    /// [`Method::default_for`] a game of `players` players.
    pub fn default_for_players(players: usize) -> Method {
        if players == 2 {
            Method::Enum
        } else {
            Method::Poly
        }
    }
}

impl Serialize for Method {
    /// The method as its name.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A method's name in the JSON.
impl schemars::JsonSchema for Method {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Method".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        schemars::json_schema!({ "type": "string", "enum": names })
    }
}

/// What else a request asks of a method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Lemke–Howson only: the label to drop, counting from 1 (player 1's strategies, then
    /// player 2's); without it every equilibrium reachable by restarts.
    pub label: Option<u64>,
    /// Vertex enumeration only: group the extreme equilibria into connected components, and
    /// for two players list the maximal Nash subsets.
    pub components: bool,
    /// The poly method only: the digits of irrational equilibria (default
    /// [`crate::n_player::enumpoly::DEFAULT_DIGITS`]).
    pub precision: Option<usize>,
    /// The logit method only: keep every point of the branch followed, for the report.
    pub path: bool,
    /// Extensive games only: the subgame-perfect equilibria that combine the method's
    /// equilibria of every subgame ([`crate::nash::subgames`]).
    pub subgame_perfect: bool,
}

/// Refuses the options that go with another method than `method`.
pub(crate) fn refuse_other_options(method: Method, options: Options) -> Result<(), StrategicError> {
    if options.label.is_some() && method != Method::Lh {
        return Err(StrategicError::InvalidInput(
            "--label goes with --method lh".into(),
        ));
    }
    if options.components && method != Method::Enum {
        return Err(StrategicError::InvalidInput(
            "--components goes with --method enum".into(),
        ));
    }
    if options.precision.is_some()
        && !matches!(method, Method::Poly | Method::Logit | Method::Simpdiv)
    {
        return Err(StrategicError::InvalidInput(
            "--precision goes with --method poly, logit or simpdiv".into(),
        ));
    }
    if options.path && method != Method::Logit {
        return Err(StrategicError::InvalidInput(
            "--path goes with --method logit".into(),
        ));
    }
    Ok(())
}

/// The method for an extensive `game`: the one asked for, else [`default_method`]; with the game's
/// sequence form when that method is the sequence form's (which refuses games without
/// perfect recall or of other than two players).
pub(crate) fn chosen_method(
    game: &ExtensiveGame,
    method: Option<Method>,
) -> Result<(Option<Method>, Option<SequenceForm>), StrategicError> {
    // The sequence form decides the default for two players with perfect recall.
    let sequence_form = (game.num_players() == 2
        && method.is_none_or(|m| m == Method::Lcp)
        && game.perfect_recall_failure().is_none())
    .then(|| SequenceForm::new(game))
    .transpose()?;
    let method = match method {
        Some(m) => Some(m),
        None => default_method(game, sequence_form.as_ref())?,
    };
    if method != Some(Method::Lcp) {
        return Ok((method, None));
    }
    let sf = match sequence_form {
        Some(sf) => sf,
        None => SequenceForm::new(game)?,
    };
    Ok((method, Some(sf)))
}

/// The method for an extensive game when none is chosen (`None`: the default of its
/// reduced normal form): for two players, vertex enumeration on the reduced normal form
/// while it has at most [`crate::two_player::vertex::MAX_LABELS`] strategies; past that the
/// sequence form with perfect recall (`sequence_form`, given for such games), Lemke–Howson on the
/// reduced normal form without.
fn default_method(
    game: &ExtensiveGame,
    sequence_form: Option<&SequenceForm>,
) -> Result<Option<Method>, StrategicError> {
    if game.num_players() != 2 {
        return Ok(None);
    }
    let limit = crate::two_player::vertex::MAX_LABELS;
    Ok(match sequence_form {
        Some(sf) => {
            let small = match (
                sf.reduced_strategy_count(0, limit),
                sf.reduced_strategy_count(1, limit),
            ) {
                (Some(a), Some(b)) => a + b <= limit,
                _ => false,
            };
            (!small).then_some(Method::Lcp)
        }
        None => {
            let reduced = reduced_normal_form(game)?;
            (reduced.game.shape().iter().sum::<usize>() > limit).then_some(Method::Lh)
        }
    })
}
