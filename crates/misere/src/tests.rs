//! Misère canonical forms against published counts, CGSuite's expectations and the
//! exhaustive search of [`super::oracle`].

use proptest::prelude::*;

use crate::oracle::{trees, Literals};
use crate::{MisereId, MisereStore};

/// A CGSuite specifier without sums: `2` is a nim heap, `[a,b]` the game of those options;
/// a whole specifier `[x]` of one element is x itself, as CGSuite reads `*[x]`.
fn spec(store: &mut MisereStore, text: &str) -> MisereId {
    fn list(
        store: &mut MisereStore,
        chars: &mut std::iter::Peekable<std::str::Chars>,
    ) -> Vec<MisereId> {
        assert_eq!(chars.next(), Some('['));
        let mut items = Vec::new();
        loop {
            match chars.peek() {
                Some(']') => {
                    chars.next();
                    return items;
                }
                Some(',') => {
                    chars.next();
                }
                Some('[') => {
                    let options = list(store, chars);
                    items.push(store.from_options(options).unwrap());
                }
                _ => {
                    let mut n = 0;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d;
                        chars.next();
                    }
                    items.push(store.nim_heap(n).unwrap());
                }
            }
        }
    }
    let items = list(store, &mut text.chars().peekable());
    match items[..] {
        [one] => one,
        _ => store.from_options(items).unwrap(),
    }
}

fn text(store: &mut MisereStore, g: MisereId) -> String {
    store.text(g).unwrap()
}

fn texts(store: &mut MisereStore, games: &[MisereId]) -> String {
    let texts: Vec<String> = games.iter().map(|&g| text(store, g)).collect();
    format!("[{}]", texts.join(","))
}

/// The canonical forms of games born by day n: all sets of those born by day n − 1.
fn born_by(store: &mut MisereStore, day: u32) -> Vec<MisereId> {
    let mut games = vec![MisereId::ZERO];
    for _ in 0..day {
        let mut next = Vec::new();
        for mask in 0u64..1 << games.len() {
            let options = (0..games.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| games[i])
                .collect();
            next.push(store.from_options(options).unwrap());
        }
        next.sort();
        next.dedup();
        games = next;
    }
    games
}

/// ONAG ch. 12: 1, 2, 3, 5 and 22 misère games are born by days 0 to 4.
#[test]
fn games_born_by_day_four() {
    let mut store = MisereStore::new();
    let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut store, d).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

/// ONAG ch. 12: 4,171,780 misère games are born by day 5 (slow in a debug build).
#[test]
#[ignore]
fn games_born_by_day_five() {
    let mut store = MisereStore::new();
    assert_eq!(born_by(&mut store, 5).len(), 4_171_780);
}

/// CGSuite's test expectations (lib/core/src/test/scala/org/cgsuite/lang/
/// MisereCanonicalGameTestCase.scala and GameTest.scala), for the games written without sums.
#[test]
fn cgsuite_forms_and_properties() {
    let mut store = MisereStore::new();
    // (specifier, form, birthday, genus, options, parts, partitions, mate, G-, G+)
    let cases = [
        ("[0]", "*[0]", 0, "0", "[]", "[]", "[[]]", "*[1]", 1, 0),
        (
            "[1]", "*[1]", 1, "1", "[*[0]]", "[]", "[[*[1]]]", "*[0]", 0, 1,
        ),
        (
            "[2]",
            "*[2]",
            2,
            "2",
            "[*[0],*[1]]",
            "[]",
            "[[*[2]]]",
            "*[2]",
            2,
            2,
        ),
        (
            "[[2]]",
            "*[2#]",
            3,
            "0^0",
            "[*[2]]",
            "[*[2],*[2[#-2]]]",
            "[[*[2],*[2[#-2]]]]",
            "*[2#]",
            0,
            0,
        ),
        (
            "[[[2]]]",
            "*[2##]",
            4,
            "1^1",
            "[*[2#]]",
            "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]",
            "[[*[2],*[2[#-2]],*[2[##-2]0]]]",
            "*[2##]",
            1,
            1,
        ),
        (
            "[[2],0]",
            "*[2#0]",
            4,
            "1^2",
            "[*[0],*[2#]]",
            "[]",
            "[[*[2#0]]]",
            "*[2#1]",
            2,
            1,
        ),
        (
            "[[2],1]",
            "*[2#1]",
            4,
            "2^1420",
            "[*[1],*[2#]]",
            "[]",
            "[[*[2#1]]]",
            "*[2#0]",
            1,
            2,
        ),
        (
            "[[[2]],[[2],1]]",
            "*[(2#1)2##]",
            5,
            "0^0",
            "[*[2##],*[2#1]]",
            "[]",
            "[[*[(2#1)2##]]]",
            "*[(2#0)2##]",
            0,
            0,
        ),
        (
            "[[[2]],[[[2],0],0,1]]",
            "*[((2#0)10)2##]",
            6,
            "0^0",
            "[*[2##],*[(2#0)10]]",
            "[]",
            "[[*[((2#0)10)2##]]]",
            "*[((2#1)10)2##]",
            0,
            0,
        ),
        (
            "[[[2],2,0],[[2],3],1]",
            "*[(2#20)2[#1]1]",
            5,
            "0^2",
            "[*[1],*[2[#1]],*[2#20]]",
            "[]",
            "[[*[(2#20)2[#1]1]]]",
            "*[(2#21)2[#1]0]",
            2,
            0,
        ),
    ];
    for (spec_text, form, birthday, genus, options, parts, partitions, mate, gm, gp) in cases {
        let g = spec(&mut store, spec_text);
        assert_eq!(text(&mut store, g), form, "{spec_text}");
        assert_eq!(store.birthday(g), birthday, "{form}");
        assert_eq!(store.genus(g).to_string(), genus, "{form}");
        let option_list = store.options(g).to_vec();
        assert_eq!(texts(&mut store, &option_list), options, "{form}");
        let part_list = store.proper_parts(g).unwrap();
        assert_eq!(texts(&mut store, &part_list), parts, "{form}");
        let all: Vec<String> = store
            .partitions(g)
            .unwrap()
            .into_iter()
            .map(|p| texts(&mut store, &p))
            .collect();
        assert_eq!(format!("[{}]", all.join(",")), partitions, "{form}");
        let m = store.mate(g).unwrap();
        assert_eq!(text(&mut store, m), mate, "{form}");
        assert_eq!(store.misere_value(g), gm, "{form}");
        assert_eq!(store.normal_value(g), gp, "{form}");
    }
}

/// CGSuite's predicates for the same games (MisereCanonicalGameTestCase.scala): even,
/// extraverted, generally restive, generally tame, half-tame, introverted, nim heap, prime,
/// restive, restless, tame, tameable — written as a string of t/f in that order.
#[test]
fn cgsuite_predicates() {
    let mut store = MisereStore::new();
    // Written out field by field below, for readable failures.
    let expect = |store: &mut MisereStore, spec_text: &str, row: [bool; 12]| {
        let g = spec(store, spec_text);
        let double = store.add(g, g).unwrap();
        let phylum = store.phylum(g);
        let half_tame = !phylum.is_generally_tame()
            && store.phylum(double).is_generally_tame()
            && store.normal_value(double) == 0
            && store.misere_value(double) == 0;
        let got = [
            !g.is_odd(),
            store.is_extraverted(g).unwrap(),
            phylum.is_generally_restive(),
            phylum.is_generally_tame(),
            half_tame,
            g.index() < 2,
            store.is_nim_heap(g).unwrap(),
            store.is_prime(g).unwrap(),
            phylum.is_hereditarily_restive(),
            phylum == crate::Phylum::Restless,
            phylum.is_hereditarily_tame(),
            phylum.is_tameable(),
        ];
        assert_eq!(got, row, "{spec_text}");
    };
    let (t, f) = (true, false);
    expect(&mut store, "[0]", [t, t, f, t, f, t, t, f, f, f, t, t]);
    expect(&mut store, "[1]", [f, t, f, t, f, t, t, f, f, f, t, t]);
    expect(&mut store, "[2]", [t, t, f, t, f, f, t, t, f, f, t, t]);
    expect(&mut store, "[[2]]", [t, t, f, t, f, f, f, f, f, f, t, t]);
    expect(&mut store, "[[[2]]]", [t, t, f, t, f, f, f, f, f, f, t, t]);
    expect(&mut store, "[[2],0]", [t, f, t, f, t, f, f, t, t, f, f, f]);
    expect(&mut store, "[[2],1]", [t, f, f, f, f, f, f, t, f, t, f, f]);
    expect(
        &mut store,
        "[[[2]],[[2],1]]",
        [t, f, f, t, f, f, f, t, f, f, f, t],
    );
    expect(
        &mut store,
        "[[[2]],[[[2],0],0,1]]",
        [t, f, f, t, f, f, f, t, f, f, f, t],
    );
    expect(
        &mut store,
        "[[[2],2,0],[[2],3],1]",
        [t, f, t, f, t, f, f, t, f, f, f, f],
    );
}

/// CGSuite's cases with sums (MisereCanonicalGameTestCase.scala, GameTest.scala).
#[test]
fn cgsuite_sums_links_and_distinguishers() {
    let mut store = MisereStore::new();
    let two = store.nim_heap(2).unwrap();
    let four = store.nim_heap(4).unwrap();
    let two_two = store.add(two, two).unwrap();
    assert_eq!(text(&mut store, two_two), "*[2[2]]");
    assert_eq!(
        {
            let list = store.options(two_two).to_vec();
            texts(&mut store, &list)
        },
        "[*[2],*[3]]"
    );
    assert_eq!(
        {
            let list = store.proper_parts(two_two).unwrap();
            texts(&mut store, &list)
        },
        "[*[2]]"
    );
    let two_sharp = spec(&mut store, "[[2]]");
    let sum = store.add(two, two_sharp).unwrap();
    let g = store.from_options(vec![sum]).unwrap();
    assert_eq!(text(&mut store, g), "*[2[#2#]]");
    assert_eq!(store.birthday(g), 6);
    assert_eq!(
        {
            let list = store.proper_parts(g).unwrap();
            texts(&mut store, &list)
        },
        "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]"
    );
    // Norton: a game with two partitions into primes.
    let four_two = store.add(four, two).unwrap();
    let norton = store.from_options(vec![four_two]).unwrap();
    assert_eq!(text(&mut store, norton), "*[4[2#]]");
    let all: Vec<String> = store
        .partitions(norton)
        .unwrap()
        .into_iter()
        .map(|p| texts(&mut store, &p))
        .collect();
    assert_eq!(all.join(","), "[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]");
    assert_eq!(store.genus(norton).to_string(), "0^0");
    assert!(!store.is_extraverted(norton).unwrap());

    let two_sharp_sharp = spec(&mut store, "[[[2]]]");
    let d = store.distinguisher(two_sharp, two_two).unwrap().unwrap();
    assert_eq!(text(&mut store, d), "*[(2#1)21]");
    assert!(store.is_linked(two_sharp_sharp, two_two));
    assert!(!store.is_linked(two_sharp_sharp, two_sharp));
    let link = store.link(two_sharp_sharp, two_two).unwrap().unwrap();
    assert_eq!(text(&mut store, link), "*[((2#1)21)32]");
    assert_eq!(store.link(two_sharp_sharp, two_sharp).unwrap(), None);
    let minus = store.subtract(two_sharp_sharp, two_sharp).unwrap().unwrap();
    assert_eq!(text(&mut store, minus), "*[2[##-2]0]");
    let four_sharp = spec(&mut store, "[[4]]");
    assert_eq!(store.subtract(two_sharp_sharp, four_sharp).unwrap(), None);
}

/// CGSuite's case "Tameable, but not generally tame" (MisereCanonicalGameTestCase.scala):
/// `*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]`.
#[test]
fn cgsuite_tameable_case() {
    let mut store = MisereStore::new();
    let one = MisereId::STAR;
    let a = spec(&mut store, "[[2],1]");
    let a1 = store.add(a, one).unwrap();
    let two_sharp = spec(&mut store, "[[2]]");
    let b1 = store.add(two_sharp, one).unwrap();
    let c = spec(&mut store, "[[2],0]");
    let inner = store.from_options(vec![two_sharp, b1, c]).unwrap();
    let g = store.from_options(vec![a1, inner]).unwrap();
    assert_eq!(text(&mut store, g), "*[((2#0)2[#1]2#)(2#1)[1]]");
    assert_eq!(store.birthday(g), 6);
    assert_eq!(store.genus(g).to_string(), "0^120");
    assert_eq!(
        {
            let list = store.options(g).to_vec();
            texts(&mut store, &list)
        },
        "[*[(2#1)[1]],*[(2#0)2[#1]2#]]"
    );
    let m = store.mate(g).unwrap();
    assert_eq!(text(&mut store, m), "*[((2#1)2[#1]2#)(2#0)[1]]");
    let phylum = store.phylum(g);
    assert!(phylum.is_tameable() && !phylum.is_generally_tame());
    assert!(store.is_prime(g).unwrap());
    assert_eq!(store.misere_value(g), 1);
}

/// CGSuite's GameHeapTest.scala: the misère canonical form of Grundy's game on 22 tokens.
#[test]
fn grundys_game_22() {
    let mut store = MisereStore::new();
    // Heap n splits into two unequal heaps.
    let mut heaps: Vec<MisereId> = Vec::new();
    for n in 0..=22usize {
        let mut options = Vec::new();
        for a in 1..n.div_ceil(2) {
            options.push(store.add(heaps[a], heaps[n - a]).unwrap());
        }
        heaps.push(store.from_options(options).unwrap());
    }
    assert_eq!(
        text(&mut store, heaps[22]),
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
}

#[test]
fn partners_differ_by_star_and_one_birthday() {
    let mut store = MisereStore::new();
    let games = born_by(&mut store, 4);
    for g in games {
        let partner = g.plus_star();
        let again = store.from_options(store.options(partner).to_vec()).unwrap();
        assert_eq!(
            again, partner,
            "the partner's options need no simplification"
        );
        let even = g.even_part();
        assert_eq!(store.birthday(even.plus_star()), store.birthday(even) + 1);
        assert_eq!(store.add(g, MisereId::STAR).unwrap(), partner);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The misère outcome of a sum read from canonical forms is the exhaustive search's.
    #[test]
    fn sums_of_canonical_forms_have_the_searched_outcome(
        a in trees(3, 3), b in trees(3, 3), c in trees(2, 3)
    ) {
        let (mut store, mut lit) = (MisereStore::new(), Literals::default());
        let (a, b, c) = (lit.tree(&a), lit.tree(&b), lit.tree(&c));
        let (ca, cb, cc) = (lit.canonical(&mut store, a), lit.canonical(&mut store, b), lit.canonical(&mut store, c));
        let ab = store.add(ca, cb).unwrap();
        let abc = store.add(ab, cc).unwrap();
        prop_assert_eq!(store.is_p_position(ab), lit.is_p_position(&[a, b]));
        prop_assert_eq!(store.is_p_position(abc), lit.is_p_position(&[a, b, c]));
        prop_assert_eq!(store.is_p_position(ca), lit.is_p_position(&[a]));
    }

    /// Distinct forms are told apart and linked games are linked, by search; equal forms
    /// agree in sums with the games born by day 3.
    #[test]
    fn distinguishers_and_links_hold_by_search(a in trees(3, 3), b in trees(3, 3)) {
        let (mut store, mut lit) = (MisereStore::new(), Literals::default());
        let (a, b) = (lit.tree(&a), lit.tree(&b));
        let (ca, cb) = (lit.canonical(&mut store, a), lit.canonical(&mut store, b));
        match store.distinguisher(ca, cb).unwrap() {
            None => {
                prop_assert_eq!(ca, cb);
                for x in born_by(&mut store, 3) {
                    let x = lit.of_canonical(&store, x);
                    prop_assert_eq!(lit.is_p_position(&[a, x]), lit.is_p_position(&[b, x]));
                }
            }
            Some(d) => {
                let d = lit.of_canonical(&store, d);
                prop_assert!(lit.is_p_position(&[a, d]));
                prop_assert!(!lit.is_p_position(&[b, d]));
            }
        }
        match store.link(ca, cb).unwrap() {
            Some(t) => {
                let t = lit.of_canonical(&store, t);
                prop_assert!(lit.is_p_position(&[a, t]) && lit.is_p_position(&[b, t]));
            }
            None => prop_assert!(store.has_option(ca, cb) || store.has_option(cb, ca)),
        }
    }

    /// Mates by definition, differences by addition, genus digits by sums with *2.
    #[test]
    fn mates_differences_and_genera(a in trees(4, 3), b in trees(3, 2)) {
        let (mut store, mut lit) = (MisereStore::new(), Literals::default());
        let (a, b) = (lit.tree(&a), lit.tree(&b));
        let (ca, cb) = (lit.canonical(&mut store, a), lit.canonical(&mut store, b));
        let mate = lit.mate(a);
        prop_assert_eq!(store.mate(ca).unwrap(), lit.canonical(&mut store, mate));
        let sum = store.add(ca, cb).unwrap();
        let difference = store.subtract(sum, cb).unwrap();
        if let Some(x) = difference {
            prop_assert_eq!(store.add(x, cb).unwrap(), sum);
        }
        for part in store.proper_parts(sum).unwrap() {
            let rest = store.subtract(sum, part).unwrap().unwrap();
            prop_assert_eq!(store.add(rest, part).unwrap(), sum);
        }
        for partition in store.partitions(ca).unwrap() {
            let mut total = MisereId::ZERO;
            for p in partition {
                total = store.add(total, p).unwrap();
            }
            prop_assert_eq!(total, ca);
        }
        let genus = store.genus(ca);
        let two = store.nim_heap(2).unwrap();
        let mut g = ca;
        prop_assert_eq!(genus.normal(), store.normal_value(ca));
        for i in 0..6 {
            prop_assert_eq!(genus.digit(i), store.misere_value(g), "digit {}", i);
            g = store.add(g, two).unwrap();
        }
    }
}
