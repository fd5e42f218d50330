//! `solve`'s games as clap subcommands, built from the catalogue ([`conway_games::GAMES`]):
//! each game's parameters become its arguments, each word read by the catalogue's own
//! reader (so a refused value keeps its kind), and a parsed command line becomes the game
//! and its [`Arguments`].

use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches, Subcommand};
use conway_games::{Arguments, Arity, Game, Kind, Param, Value, GAMES};

use crate::error::ValueError;

/// A game of `solve` and its arguments, as the command line wrote them.
#[derive(Clone)]
pub struct GameCommand {
    /// The game.
    pub game: &'static Game,
    /// Its position and options.
    pub arguments: Arguments,
}

impl std::fmt::Debug for GameCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameCommand")
            .field("game", &self.game.name)
            .field("arguments", &self.arguments)
            .finish()
    }
}

/// The clap argument for one parameter.
fn argument(p: &Param) -> Arg {
    // One-line help ends without a full stop, as clap's derived help does.
    let mut arg = Arg::new(p.name).help(p.help.strip_suffix('.').unwrap_or(p.help));
    if p.option {
        arg = arg.long(p.name);
    }
    if p.kind == Kind::Flag {
        return arg.action(ArgAction::SetTrue);
    }
    let kind = p.kind;
    arg = arg
        .value_name(p.shown_name())
        .value_parser(move |word: &str| -> Result<Value, ValueError> { kind.read(word) })
        .required(p.required);
    // A value such as -3 reaches the reader, which says why it is refused.
    arg = match p.kind {
        Kind::Natural | Kind::U64 | Kind::U32 | Kind::Numbers => arg.allow_negative_numbers(true),
        Kind::Seconds => arg.allow_hyphen_values(true),
        // A position may begin with a minus sign (a Sheep board `-4, 0 | 0, 3`); a list of
        // words would take the flags after it too.
        Kind::Text if !p.option && p.arity == Arity::One => arg.allow_hyphen_values(true),
        Kind::Choice(words) => arg.value_parser(clap::builder::TypedValueParser::map(
            clap::builder::PossibleValuesParser::new(words.iter().copied()),
            Value::Text,
        )),
        _ => arg,
    };
    if let Some(default) = p.default {
        arg = arg.default_value(default);
    }
    if let Some(other) = p.requires {
        arg = arg.requires(other);
    }
    if let Some(other) = p.conflicts {
        arg = arg.conflicts_with(other);
    }
    match p.arity {
        Arity::One => arg.action(ArgAction::Set),
        Arity::Many => arg.action(ArgAction::Append).num_args(1..),
        Arity::Any => arg.action(ArgAction::Append).num_args(0..),
    }
}

/// The clap subcommand for one game.
fn command(game: &Game) -> Command {
    Command::new(game.name)
        .about(game.summary)
        .visible_aliases(game.aliases.iter().copied())
        .args(game.params.iter().map(argument))
}

/// The values clap read for `game`.
fn arguments(game: &Game, m: &ArgMatches) -> Arguments {
    Arguments::from_values(game.params.iter().map(|p| {
        // A flag not given is absent, as `Arguments::read` leaves it.
        let values = if p.kind == Kind::Flag {
            m.get_flag(p.name)
                .then_some(Value::Flag(true))
                .into_iter()
                .collect()
        } else {
            m.get_many::<Value>(p.name)
                .map(|v| v.cloned().collect())
                .unwrap_or_default()
        };
        (p.name, values)
    }))
}

impl FromArgMatches for GameCommand {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = m.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let Some(game) = conway_games::find(name) else {
            return Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand));
        };
        Ok(GameCommand {
            game,
            arguments: arguments(game, sub),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = GameCommand::from_arg_matches(m)?;
        Ok(())
    }
}

impl Subcommand for GameCommand {
    fn augment_subcommands(cmd: Command) -> Command {
        cmd.subcommands(GAMES.iter().map(|g| command(g)))
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        GameCommand::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        conway_games::find(name).is_some()
    }
}
