//! The phylum of a misère canonical form: how tame it is (Winning Ways ch. 13; Conway,
//! ONAG ch. 12), decided from the options when the form is stored, as CGSuite decides it.
//!
//! A game is *tame* when it and all its followers play like nim heaps in misère sums (genus
//! `0^1`, `1^0` or `g^g`); *generally tame* when it is tame once reversible moves are
//! bypassed; *restive* and *restless* games are the two kinds of near-tame wildness that
//! Conway's theory still handles; *tameable* games become generally tame in every sum with
//! tame games. The rules here are CGSuite's, including how it treats options that are only
//! tameable.

use crate::{MisereId, MisereStore};

/// How tame a misère canonical form is. The order matters: the phylum of a game is never
/// tamer than the wildest of its options' phyla allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Tame, with every follower tame.
    HereditarilyTame,
    /// Tame through reversible moves (generally tame, not hereditarily).
    ReversiblyTame,
    /// Tame in every sum with tame games.
    Tameable,
    /// Of tame genus but wild.
    WildOfTameGenus,
    /// Restive, with every follower restive or tame.
    HereditarilyRestive,
    /// Restive through reversible moves.
    ReversiblyRestive,
    /// Of restive genus but wild.
    WildOfRestiveGenus,
    /// Not tame, every option tame, G⁻ at most 1.
    Restless,
    /// Of restless genus but wild.
    WildOfRestlessGenus,
    /// Wild.
    Wild,
}

impl Phylum {
    /// Tame with every follower tame (nim heaps included): CGSuite's `IsTame`.
    pub fn is_hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Tame, possibly through reversible moves: CGSuite's `IsGenerallyTame`.
    pub fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// CGSuite's `IsTameable`.
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// CGSuite's `IsRestive`.
    pub fn is_hereditarily_restive(self) -> bool {
        self == Phylum::HereditarilyRestive
    }

    /// CGSuite's `IsGenerallyRestive`.
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Generally tame or generally restive: the genus then has one superscript digit.
    pub fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }

    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus
                | Phylum::WildOfRestiveGenus
                | Phylum::WildOfRestlessGenus
                | Phylum::Wild
        )
    }
}

impl MisereStore {
    /// Whether G is not generally tame but G + G is, of genus `0^0` (CGSuite's
    /// `IsHalfTame`).
    pub fn is_half_tame(&mut self, g: MisereId) -> Result<bool, crate::MisereError> {
        if self.phylum(g).is_generally_tame() {
            return Ok(false);
        }
        let double = self.add(g, g)?;
        Ok(self.phylum(double).is_generally_tame()
            && self.normal_value(double) == 0
            && self.misere_value(double) == 0)
    }
}

/// A small set of naturals (the values seen among options), for mexes.
#[derive(Default)]
struct Seen(Vec<bool>);

impl Seen {
    fn insert(&mut self, v: u32) {
        let v = v as usize;
        if self.0.len() <= v {
            self.0.resize(v + 1, false);
        }
        self.0[v] = true;
    }

    fn mex(&self) -> u32 {
        self.0.iter().position(|&s| !s).unwrap_or(self.0.len()) as u32
    }

    fn is_empty(&self) -> bool {
        !self.0.iter().any(|&s| s)
    }

    fn union(&mut self, other: &Seen) {
        for (v, &s) in other.0.iter().enumerate() {
            if s {
                self.insert(v as u32);
            }
        }
    }
}

/// The phylum of a new even form with these options, G⁺ = `normal` and G⁻ = `misere`.
pub(super) fn phylum_of(
    store: &MisereStore,
    options: &[MisereId],
    normal: u32,
    misere: u32,
) -> Phylum {
    let (gp, gm) = (normal, misere);
    // The wildest option, looked at only while all so far are generally tame.
    let mut wildest = Phylum::NimHeap;
    for &o in options {
        if wildest.is_generally_tame() {
            wildest = wildest.max(store.phylum(o));
        }
    }
    let mut phylum = if gp == gm || (gp | gm) & !1 == 0 {
        Phylum::WildOfTameGenus
    } else if gp < 2 {
        Phylum::WildOfRestiveGenus
    } else if gm < 2 {
        Phylum::WildOfRestlessGenus
    } else {
        Phylum::Wild
    };
    phylum = hereditary(wildest, phylum, gp, gm);
    if matches!(phylum, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
        phylum = reversible(store, options, phylum, gp, gm);
    }
    if phylum.is_wild() {
        Phylum::Wild
    } else {
        phylum
    }
}

/// The phylum when every option is tame enough: a nim heap, hereditarily tame or restive,
/// or (options generally tame) reversibly tame or restive, or restless.
fn hereditary(wildest: Phylum, phylum: Phylum, gp: u32, gm: u32) -> Phylum {
    if wildest == Phylum::NimHeap && phylum == Phylum::WildOfTameGenus && (gp > 1 || gp != gm) {
        return Phylum::NimHeap;
    }
    if wildest.is_hereditarily_tame() {
        match phylum {
            Phylum::WildOfTameGenus => return Phylum::HereditarilyTame,
            Phylum::WildOfRestiveGenus => return Phylum::HereditarilyRestive,
            _ => {}
        }
    }
    if wildest.is_generally_tame() {
        match phylum {
            Phylum::WildOfTameGenus => return Phylum::ReversiblyTame,
            Phylum::WildOfRestiveGenus => return Phylum::ReversiblyRestive,
            Phylum::WildOfRestlessGenus => return Phylum::Restless,
            _ => {}
        }
    }
    phylum
}

/// Whether a game of tame or restive genus with a wild option is still reversibly tame,
/// reversibly restive or tameable: each wild option must reverse through tame (restive)
/// second options with the game's own G⁺ and G⁻, and the tame options must give the same
/// mexes.
fn reversible(
    store: &MisereStore,
    options: &[MisereId],
    phylum: Phylum,
    gp: u32,
    gm: u32,
) -> Phylum {
    let of_tame_genus = phylum == Phylum::WildOfTameGenus;
    // The candidates, in CGSuite's order (the first left standing wins).
    let mut reversibly = true;
    let mut tameable = of_tame_genus;
    let (mut g_plus, mut g_minus) = (Seen::default(), Seen::default());
    let (mut tameable_plus, mut tameable_minus) = (Seen::default(), Seen::default());
    for &o in options {
        let option_phylum = store.phylum(o);
        if option_phylum.is_generally_tame() {
            g_plus.insert(store.normal_value(o));
            g_minus.insert(store.misere_value(o));
            continue;
        }
        let (mut gm_tameable, mut gp_tameable) = (false, false);
        if tameable && option_phylum == Phylum::Tameable {
            // CGSuite records the even part's values here.
            let even = o.even_part();
            tameable_minus.insert(store.misere_value(even));
            tameable_plus.insert(store.normal_value(even));
            gm_tameable = true;
            gp_tameable = true;
        }
        let (mut gm_found, mut gp_found) = (false, false);
        for &s in store.options(o) {
            let second = store.phylum(s);
            let counted = second.is_generally_tame()
                || (!of_tame_genus && reversibly && second.is_restive_or_tame())
                || (tameable && second.is_tameable());
            if !counted {
                continue;
            }
            let (sgm, sgp) = (store.misere_value(s), store.normal_value(s));
            if second.is_generally_tame() && of_tame_genus {
                gm_found |= gm == sgm;
                gp_found |= gp == sgp;
            } else if second.is_restive_or_tame() && !of_tame_genus {
                gm_found |= gm == sgm && (sgp & !1 == 0 || (sgp ^ gm) & !1 == 0);
                gp_found |= gp == sgp && (sgm & !1 == 0 || (sgm ^ gm) & !1 == 0);
            } else if second == Phylum::Tameable && tameable {
                gm_tameable |= gm == sgm;
                gp_tameable |= gp == sgp;
            }
        }
        if !(gm_found && gp_found) {
            reversibly = false;
            if !(gm_tameable && gp_tameable) {
                tameable = false;
            }
            if !tameable {
                break;
            }
        }
    }
    if !reversibly && !tameable {
        return phylum;
    }
    if gp != g_plus.mex() || gm != g_minus.mex() {
        reversibly = false;
    }
    if tameable {
        g_plus.union(&tameable_plus);
        g_minus.union(&tameable_minus);
        if (gp != g_plus.mex() || gm != g_minus.mex()) && (!g_plus.is_empty() || gp > 0) {
            tameable = false;
        }
    }
    match (reversibly, tameable) {
        (true, _) if of_tame_genus => Phylum::ReversiblyTame,
        (true, _) => Phylum::ReversiblyRestive,
        (false, true) => Phylum::Tameable,
        (false, false) => phylum,
    }
}
