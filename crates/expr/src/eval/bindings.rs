//! Variables: names bound to values, so that a worksheet or an interactive session can say
//! `G := {1|*}` once and use `G` in later expressions (`G + G + *`, `temperature(G)`), as
//! CGSuite's worksheet does.
//!
//! A statement is either an assignment `name := expression` or an expression. A name is
//! what the expression parser reads as a name (a letter or `_`, then letters, digits and
//! `_`; a word of downs such as `v` or `vv3` is a literal, not a name). Values hold games
//! as handles into the store they were evaluated in, so bindings belong beside that store.

use std::collections::BTreeMap;

use super::user::UserRulesets;
use super::Value;
use crate::syntax::{parse_expression, ExprKind};
use conway_partizan::PartizanError;

/// The most variables one set of bindings holds.
pub const MAX_BINDINGS: usize = 10_000;

/// The longest variable name.
pub const MAX_NAME_CHARS: usize = 64;

/// Names bound to values, and the rulesets of the caller's own that calls may name.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    values: BTreeMap<String, Value>,
    rulesets: UserRulesets,
}

impl Bindings {
    /// No variables.
    pub fn new() -> Self {
        Bindings::default()
    }

    /// No variables, and these rulesets of the caller's.
    pub fn with_rulesets(rulesets: UserRulesets) -> Self {
        Bindings {
            values: BTreeMap::new(),
            rulesets,
        }
    }

    /// The rulesets of the caller's that calls may name.
    pub fn rulesets(&self) -> &UserRulesets {
        &self.rulesets
    }

    /// The value bound to `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }

    /// Whether no name is bound.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// How many names are bound.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Binds `name` to `value`, returning the value it had. Refuses a word that is not a
    /// name, and a new name past [`MAX_BINDINGS`].
    pub fn bind(&mut self, name: &str, value: Value) -> Result<Option<Value>, PartizanError> {
        check_name(name, 1)?;
        if self.values.len() >= MAX_BINDINGS && !self.values.contains_key(name) {
            return Err(PartizanError::too_large(
                "the number of variables",
                self.values.len() + 1,
                MAX_BINDINGS,
            ));
        }
        Ok(self.values.insert(name.to_string(), value))
    }

    /// Unbinds `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.values.remove(name)
    }

    /// The bound names and their values, in the names' order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The names, for an error message: the first few, then how many more.
    pub(crate) fn listing(&self) -> String {
        const SHOWN: usize = 8;
        let mut names: Vec<&str> = self.values.keys().map(String::as_str).take(SHOWN).collect();
        let more = self.values.len().saturating_sub(SHOWN);
        let more_text = format!("and {more} more");
        if more > 0 {
            names.push(&more_text);
        }
        names.join(", ")
    }
}

/// Refuses `name` unless the parser reads it as a name; `column` is where it starts.
fn check_name(name: &str, column: usize) -> Result<(), PartizanError> {
    let read = parse_expression(name).ok();
    let is_name = matches!(&read, Some(e) if matches!(&e.kind, ExprKind::Name(n) if n == name));
    if !is_name {
        return Err(PartizanError::parse(
            column,
            format!(
                "'{name}' cannot be a variable's name: a name is a letter or '_' followed by \
                 letters, digits and '_' (and not a word of downs such as v or vv)"
            ),
        ));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(PartizanError::too_large(
            "a variable's name, in characters",
            name.chars().count(),
            MAX_NAME_CHARS,
        )
        .at(column));
    }
    Ok(())
}

/// One line of a worksheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `name := expression`. The expression's text keeps its place: everything before it is
    /// blanked, so the columns of its errors are the statement's.
    Assign {
        /// The variable.
        name: String,
        /// The expression, padded with spaces to its column in the statement.
        expression: String,
    },
    /// An expression to evaluate.
    Evaluate(String),
}

/// Reads a statement: an assignment when the text has `:=` (the name before it checked),
/// else an expression (parsed later, by the evaluation).
pub fn parse_statement(text: &str) -> Result<Statement, PartizanError> {
    let Some((before, after)) = text.split_once(":=") else {
        return Ok(Statement::Evaluate(text.to_string()));
    };
    let name = before.trim();
    let column = before.chars().take_while(|c| c.is_whitespace()).count() + 1;
    if name.is_empty() {
        return Err(PartizanError::parse(
            before.chars().count() + 1,
            "an assignment needs a name before ':=', as in G := {1|*}",
        ));
    }
    check_name(name, column)?;
    if after.trim().is_empty() {
        return Err(PartizanError::parse(
            before.chars().count() + 3,
            format!("expected an expression after '{name} :='"),
        ));
    }
    let blank = " ".repeat(before.chars().count() + 2);
    Ok(Statement::Assign {
        name: name.to_string(),
        expression: blank + after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate_report_in, Value};
    use conway_partizan::Store;

    #[test]
    fn statements() {
        assert_eq!(
            parse_statement("G := {1|*}").unwrap(),
            Statement::Assign {
                name: "G".into(),
                expression: "     {1|*}".into()
            }
        );
        assert_eq!(
            parse_statement("{1|*} + 2").unwrap(),
            Statement::Evaluate("{1|*} + 2".into())
        );
        for (bad, column) in [(" := 1", 2), ("  3 := 1", 3), ("vv := 1", 1), ("G :=  ", 5)] {
            let error = parse_statement(bad).unwrap_err();
            assert_eq!(
                conway_core::Diagnostic::location(&error).map(|l| l.column),
                Some(column),
                "{bad}: {error}"
            );
        }
        assert!(parse_statement(&format!("{} := 1", "x".repeat(65))).is_err());
    }

    #[test]
    fn variables_are_used_in_later_expressions() {
        let mut store = Store::new();
        let mut names = Bindings::new();
        let Statement::Assign { name, expression } = parse_statement("G := ^").unwrap() else {
            panic!("an assignment")
        };
        let up = evaluate_report_in(&mut store, &names, &expression).unwrap();
        names.bind(&name, up.result).unwrap();
        let report = evaluate_report_in(&mut store, &names, "G + G + *").unwrap();
        assert_eq!(report.game.unwrap().canonical, "^^*");
        let t = evaluate_report_in(&mut store, &names, "temperature({G|-1})").unwrap();
        assert_eq!(t.value.as_deref(), Some("1/2")); // stops 0 and -1
                                                     // An unknown name says which names exist; errors in an assignment keep their column.
        let error = evaluate_report_in(&mut store, &names, "G + H").unwrap_err();
        assert!(error.to_string().contains("the variables are G"), "{error}");
        let Statement::Assign { expression, .. } = parse_statement("K := {1|}+x").unwrap() else {
            panic!("an assignment")
        };
        let error = evaluate_report_in(&mut store, &names, &expression).unwrap_err();
        assert_eq!(
            conway_core::Diagnostic::location(&error).map(|l| l.column),
            Some(11)
        );
        assert!(matches!(names.remove("G"), Some(Value::Game(_))) && names.is_empty());
    }
}
