//! The answer of `conway nash` as a value a front end renders: [`NashReport`] and its
//! parts.
//!
//! It serializes (serde) to the JSON object of the CLI contract, keys in the order written
//! here. Probabilities, payoffs and values are exact texts as Gambit prints them (`1/3`,
//! `-2`) so that nothing is lost; counts are numbers; a path-following method's trace, a
//! floating-point picture, is numbers too.

use serde::Serialize;

use super::method::Method;

/// The Nash equilibria of a game found by one method, each checked by the definition.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct NashReport {
    /// The players' names.
    pub players: Vec<String>,
    /// The method that found the equilibria (serialized as its name: `enum`, `lh`, …).
    pub method: Method,
    /// The equilibria: for each, one list of probabilities per player.
    pub equilibria: Vec<Vec<Vec<String>>>,
    /// When asked for: the connected components of the equilibrium set, as groups of
    /// indices into `equilibria` (absent from the JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<Vec<usize>>>,
    /// With the components, for two players: the maximal Nash subsets ("cliques"), each the
    /// extreme strategies of both players whose every pair is an equilibrium (absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximal_nash_subsets: Option<Vec<NashSubsetReport>>,
    /// For the poly method: the indices into `equilibria` of those given as decimals
    /// (irrational ones), each probability within [`NashReport::within`] of the
    /// equilibrium's (absent when every equilibrium is exact).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approximate: Option<Vec<usize>>,
    /// With `approximate`: the certified bound on the error of each decimal, as `1e-12`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// For the poly method: the support profiles not settled completely, where equilibria
    /// may be missing (absent when there are none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsettled: Option<Vec<UnsettledReport>>,
    /// For the LP method: the value of the zero-sum game to player 1 (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// On request ([`NashReport::with_decimals`]): the equilibria again, each probability as a
    /// decimal with a fixed number of places (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decimals: Option<Vec<Vec<Vec<String>>>>,
    /// On request: the value, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_decimal: Option<String>,
    /// For an extensive game: each player's information sets in order, with their actions.
    /// `equilibria` then lists behaviour probabilities, every action of a player's sets in
    /// this order, as Gambit does (absent for normal-form games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub information_sets: Option<Vec<Vec<InfosetReport>>>,
    /// For an extensive game: the equilibria again per information set — for each
    /// equilibrium, each player, each set, the probabilities of its actions, or `null` where
    /// the player's own strategy never leads (any choice there is as good; `equilibria`
    /// lists zeros there, as Gambit does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<Vec<BehaviourTexts>>,
    /// For an extensive game without perfect recall: the labels of each player's reduced
    /// strategies, over which `equilibria` are then mixed strategies (behaviour strategies
    /// need not be equivalent to them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduced_strategies: Option<Vec<Vec<String>>>,
    /// For an extensive game without perfect recall: why it lacks it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub without_perfect_recall: Option<String>,
    /// Whether only subgame-perfect equilibria were asked for and listed (absent when not).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub subgame_perfect: bool,
    /// For the logit and simpdiv methods: where the path they followed led (absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceReport>,
}

/// Where a path-following method's path led: its last point, in floating point. The
/// equilibrium reported is found from it and checked; this says how it was reached.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TraceReport {
    /// Logit: the precision λ reached, in the game's payoff units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lambda: Option<f64>,
    /// Simpdiv: the mesh of the last grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mesh: Option<f64>,
    /// Simpdiv: the searches made, one per grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restarts: Option<usize>,
    /// The steps taken (logit: along the branch; simpdiv: pivots over all searches).
    pub steps: u64,
    /// The largest regret at the last point, as a fraction of the game's payoff range.
    pub regret: f64,
    /// The last point: per player, the probability of each strategy. For an extensive
    /// game, over the strategies of its reduced normal form.
    pub end: Vec<Vec<f64>>,
    /// The largest difference of a probability between the equilibrium and the last point
    /// (absent when no equilibrium was found there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<f64>,
    /// Why the branch was left before reaching the regret sought, if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// On request: every point passed, from the centroid at λ = 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<PathPointReport>>,
}

/// One point of the logit branch.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PathPointReport {
    /// Its precision λ, in the game's payoff units.
    pub lambda: f64,
    /// The quantal response equilibrium there: per player, per strategy.
    pub profile: Vec<Vec<f64>>,
}

/// One behaviour profile as reports list it: per player, per information set, the
/// probabilities of its actions, or `None` where the player's own strategy never leads.
pub type BehaviourTexts = Vec<Vec<Option<Vec<String>>>>;

/// An information set as reports list it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct InfosetReport {
    /// Its label (may be empty).
    pub label: String,
    /// Its actions' labels.
    pub actions: Vec<String>,
}

/// One maximal Nash subset: the convex hull of `player1`'s strategies times that of
/// `player2`'s, every point of which is an equilibrium ([`crate::two_player::nash_subsets`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NashSubsetReport {
    /// Player 1's extreme strategies, as probability texts.
    pub player1: Vec<Vec<String>>,
    /// Player 2's likewise.
    pub player2: Vec<Vec<String>>,
}

/// A support profile the poly method could not settle ([`crate::n_player::enumpoly::Unsettled`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct UnsettledReport {
    /// Each player's support, as strategy labels.
    pub supports: Vec<Vec<String>>,
    /// Why, in words.
    pub reason: String,
}

impl NashReport {
    /// A report of `method` for `players` with no equilibria yet and every optional part
    /// absent.
    pub fn new(players: Vec<String>, method: Method) -> NashReport {
        NashReport {
            players,
            method,
            equilibria: Vec::new(),
            components: None,
            maximal_nash_subsets: None,
            approximate: None,
            within: None,
            unsettled: None,
            value: None,
            decimals: None,
            value_decimal: None,
            information_sets: None,
            behaviour: None,
            reduced_strategies: None,
            without_perfect_recall: None,
            subgame_perfect: false,
            trace: None,
        }
    }

    /// The report with every probability (and the value) also as a decimal of `places`
    /// places, rounded exactly ([`crate::decimal`]).
    pub fn with_decimals(mut self, places: usize) -> Result<NashReport, crate::StrategicError> {
        let decimal = |text: &String| crate::decimal::decimal_text(text, places);
        let decimals = self
            .equilibria
            .iter()
            .map(|profile| {
                profile
                    .iter()
                    .map(|strategy| strategy.iter().map(decimal).collect())
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        self.value_decimal = self.value.as_ref().map(decimal).transpose()?;
        self.decimals = Some(decimals);
        Ok(self)
    }
}
