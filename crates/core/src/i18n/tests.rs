use super::*;

fn russian() -> Catalogue {
    Catalogue::new(vec![
        ("Cancel".into(), Text::One("Отмена".into())),
        ("Move {n} queued.".into(), Text::One("Ход {n} в очереди.".into())),
        ("{a} beats {b}".into(), Text::One("{b} проигрывает {a}".into())),
        (
            "{n} game|{n} games".into(),
            Text::Plural(vec![
                ("one".into(), "{n} партия".into()),
                ("few".into(), "{n} партии".into()),
                ("many".into(), "{n} партий".into()),
                ("other".into(), "{n} партии".into()),
            ]),
        ),
    ])
}

/// Russian's rule for whole numbers, as `Intl.PluralRules('ru')` answers.
fn russian_rule() -> PluralRule {
    Box::new(|n| {
        let (ten, hundred) = (n % 10, n % 100);
        if ten == 1 && hundred != 11 {
            "one"
        } else if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) {
            "few"
        } else {
            "many"
        }
        .to_owned()
    })
}

#[test]
fn english_is_the_text_itself() {
    install(Lang::En, Catalogue::default(), english_plural());
    assert_eq!(crate::t!("Cancel"), "Cancel");
    assert_eq!(crate::t!("Move {n} queued.", n = 4), "Move 4 queued.");
    assert_eq!(crate::tn!(1, "{n} game", "{n} games"), "1 game");
    assert_eq!(crate::tn!(3, "{n} game", "{n} games"), "3 games");
    assert_eq!(current(), Lang::En);
}

#[test]
fn a_catalogue_translates_reorders_and_picks_plural_forms() {
    install(Lang::Ru, russian(), russian_rule());
    assert_eq!(current(), Lang::Ru);
    assert_eq!(crate::t!("Cancel"), "Отмена");
    assert_eq!(crate::t!("{a} beats {b}", a = "A", b = "B"), "B проигрывает A");
    let forms: Vec<String> =
        [1u64, 2, 5, 11, 21, 22, 25, 112].iter().map(|&n| crate::tn!(n, "{n} game", "{n} games")).collect();
    assert_eq!(
        forms,
        ["1 партия", "2 партии", "5 партий", "11 партий", "21 партия", "22 партии", "25 партий", "112 партий"]
    );
    // Missing from the catalogue: English, never a blank.
    assert_eq!(crate::t!("Hint"), "Hint");
    install(Lang::En, Catalogue::default(), english_plural());
}

#[test]
fn the_pseudo_language_stretches_and_keeps_placeholders() {
    install(Lang::Pseudo, Catalogue::default(), english_plural());
    let s = crate::t!("Move {n} queued.", n = 12);
    assert!(s.starts_with('⟦') && s.ends_with('⟧'), "{s}");
    assert!(s.contains("12"), "{s}");
    assert!(s.contains("Mövé"), "{s}");
    let plain = "Move 12 queued.".chars().count();
    assert!(s.chars().count() * 10 >= plain * 13, "{s} is not about 40 % longer");
    install(Lang::En, Catalogue::default(), english_plural());
}

#[test]
fn fill_leaves_unknown_and_broken_placeholders_alone() {
    let n = 3;
    assert_eq!(fill("{n} and {m} and {", &[("n", &n)]), "3 and {m} and {");
    assert_eq!(fill("", &[]), "");
    assert_eq!(placeholders("{a} x {b_c} {} {1"), ["a", "b_c"]);
}

#[test]
fn languages_from_codes_and_the_browser() {
    assert_eq!(Lang::from_code("ru-RU"), Some(Lang::Ru));
    assert_eq!(Lang::from_code("DE"), Some(Lang::De));
    assert_eq!(Lang::from_code("pt-BR"), None);
    assert_eq!(Lang::from_code("pseudo"), Some(Lang::Pseudo));
    assert_eq!(Lang::from_browser(&["pt-BR", "fr-CA", "en"]), Lang::Fr);
    assert_eq!(Lang::from_browser(&["ja"]), Lang::En);
    assert_eq!(Lang::from_browser::<&str>(&[]), Lang::En);
    for lang in Lang::CHOICES {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
}

#[test]
fn a_catalogue_finds_every_key_it_was_given() {
    let c = russian();
    assert_eq!(c.len(), 4);
    for key in c.keys().map(str::to_owned).collect::<Vec<_>>() {
        assert!(c.get(&key).is_some());
    }
    assert!(c.get("Nothing").is_none());
}
