# ruff: noqa: RUF001, RUF002  (Cyrillic and Latin letters side by side are the data here)
"""Written abbreviations said in full: "z. B.", "Abb. 3", "т. е.".

Two tables per language, matched as written (case counts, "z.B." = "z. B."):

- `WORDS`: said in full wherever they stand ("usw." -> "und so weiter");
  one that ends the text keeps its period, and those in `ENDS_SENTENCE` also before
  a capital ("..., Birnen usw. Dann" -> "und so weiter. Dann"; German nouns are
  capitalised, so "u. a. Äpfel" is no sentence end);
- `UNIT_AFTER_NUMBER`: after a number, an abbreviated unit becomes its symbol, which
  the language counts ("1 Std." -> "eine Stunde", "2 Std." -> "zwei Stunden");
- `BEFORE_NUMBER`: only before a number or a Roman numeral, where they cannot be
  a name's initial or a word ("Abb. 3" -> "Abbildung 3", "S. 5" -> "Seite 5", but
  "Johann S. Bach" stays).

The driver runs this before the language's own rules (passes.SHARED_READINGS),
so "Kap. IV" becomes "Kapitel IV" and then "Kapitel vier". A language's spec may
keep a few abbreviations of its own; these tables are where new ones go.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from model_layer.text.shapes import weekdays

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "z. B.": "zum Beispiel", "d. h.": "das heißt", "u. a.": "unter anderem",
        "u. ä.": "und Ähnliches", "o. ä.": "oder Ähnliches", "u. U.": "unter Umständen",
        "usw.": "und so weiter", "bzw.": "beziehungsweise", "ca.": "circa", "evtl.": "eventuell",
        "ggf.": "gegebenenfalls", "inkl.": "inklusive", "zzgl.": "zuzüglich", "exkl.": "exklusive",
        "vgl.": "vergleiche", "bzgl.": "bezüglich", "etc.": "et cetera", "Jh.": "Jahrhundert",
        "Jhd.": "Jahrhundert", "MwSt.": "Mehrwertsteuer", "Mwst.": "Mehrwertsteuer",
        "v. Chr.": "vor Christus",
        "n. Chr.": "nach Christus", "Dr.": "Doktor", "Prof.": "Professor", "Hr.": "Herr",
        "Tel.": "Telefon", "Str.": "Straße", "Hbf.": "Hauptbahnhof",
        "bspw.": "beispielsweise",
        "sog.": "sogenannt", "s. o.": "siehe oben", "s. u.": "siehe unten", "z. T.": "zum Teil",
        "z. Zt.": "zur Zeit", "i. d. R.": "in der Regel", "u. v. m.": "und vieles mehr",
        "m. E.": "meines Erachtens", "o. g.": "oben genannt",
        "zz.": "zurzeit", "allg.": "allgemein",
        "ehem.": "ehemalig", "gegr.": "gegründet", "geb.": "geboren", "gest.": "gestorben",
        "insb.": "insbesondere", "max.": "maximal", "mind.": "mindestens",
        "Mo.": "Montag", "Di.": "Dienstag", "Mi.": "Mittwoch", "Do.": "Donnerstag",
        "Fa.": "Firma", "Std.": "Stunden", "Min.": "Minuten", "Sek.": "Sekunden",
        "Abt.": "Abteilung", "Dipl.-Ing.": "Diplomingenieur", "röm.": "römisch",
        "kath.": "katholisch", "ev.": "evangelisch", "Nr.": "Nummer", "Zi.": "Zimmer",
        "ff.": "und folgende", "Sa.": "Samstag", "So.": "Sonntag",
        "p. P.": "pro Person", "rd.": "rund", "tgl.": "täglich", "Bestellnr.": "Bestellnummer",
        "Kundennr.": "Kundennummer", "Rechnungsnr.": "Rechnungsnummer", "Tel.-Nr.": "Telefonnummer",
        # capitalised at the start of a sentence
        "Z. B.": "Zum Beispiel", "D. h.": "Das heißt", "U. a.": "Unter anderem",
        "Ca.": "Circa", "Evtl.": "Eventuell", "Ggf.": "Gegebenenfalls", "Vgl.": "Vergleiche",
        "Inkl.": "Inklusive", "Zzgl.": "Zuzüglich", "Bzw.": "Beziehungsweise",
        "Insb.": "Insbesondere", "Bspw.": "Beispielsweise", "Max.": "Maximal",
        "Mind.": "Mindestens", "Sog.": "Sogenannt",
    },
    "fr": {
        "Bât.": "Bâtiment", "bât.": "bâtiment",
        "M.": "Monsieur", "MM.": "Messieurs", "Mme": "Madame", "Mmes": "Mesdames",
        "Mlle": "Mademoiselle", "Dr": "docteur", "Pr": "professeur",
        "Mgr": "monseigneur", "St": "saint", "Ste": "sainte", "etc.": "et cetera",
        "p. ex.": "par exemple", "c.-à-d.": "c'est-à-dire", "env.": "environ",
        "av. J.-C.": "avant Jésus-Christ", "apr. J.-C.": "après Jésus-Christ",
        "cf.": "confer", "svp": "s'il vous plaît", "SVP": "s'il vous plaît",
        "bd": "boulevard", "av.": "avenue", "tél.": "téléphone", "Tél.": "téléphone",
        "max.": "maximum", "qqch": "quelque chose", "qqn": "quelqu'un",
        "éd.": "édition", "vol.": "volume", "coll.": "collection", "ill.": "illustration",
        "dép.": "département", "arr.": "arrondissement", "hab.": "habitants",
        "sté": "société", "Cie": "compagnie", "Ets": "établissements", "N.B.": "nota bene",
        "P.-S.": "post-scriptum", "lun.": "lundi", "mer.": "mercredi",
        "jeu.": "jeudi", "ven.": "vendredi", "sam.": "samedi", "dim.": "dimanche",
        "janv.": "janvier", "févr.": "février", "avr.": "avril", "juil.": "juillet",
        "sept.": "septembre", "oct.": "octobre", "nov.": "novembre", "déc.": "décembre",
        "n°": "numéro", "N°": "numéro", "ex.": "exemple", "réf.": "référence",
    },
    "es": {
        "Sr.": "señor", "Sra.": "señora", "Srta.": "señorita", "Sres.": "señores",
        "Dr.": "doctor", "Dra.": "doctora", "Lic.": "licenciado", "Ing.": "ingeniero",
        "Prof.": "profesor", "Dña.": "doña", "Ud.": "usted", "Uds.": "ustedes",
        "Vd.": "usted", "etc.": "etcétera", "p. ej.": "por ejemplo", "aprox.": "aproximadamente",
        "a. C.": "antes de Cristo", "d. C.": "después de Cristo", "EE. UU.": "Estados Unidos",
        "Avda.": "avenida", "Av.": "avenida", "C/": "calle", "Pza.": "plaza", "tel.": "teléfono",
        "Tel.": "teléfono", "dcha.": "derecha", "izq.": "izquierda", "izda.": "izquierda",
        "máx.": "máximo", "mín.": "mínimo", "admón.": "administración", "Cía.": "compañía",
        "S. A.": "sociedad anónima", "S. L.": "sociedad limitada", "Excmo.": "excelentísimo",
        "Sto.": "santo", "Sta.": "santa", "Hnos.": "hermanos", "pta.": "puerta",
        "Dpto.": "departamento", "dpto.": "departamento", "ej.": "ejemplo", "vol.": "volumen",
        "ed.": "edición", "gral.": "general", "Gral.": "general", "cf.": "confer",
        "lun.": "lunes", "miérc.": "miércoles", "juev.": "jueves",
        "vier.": "viernes", "sáb.": "sábado", "dom.": "domingo", "ene.": "enero",
        "feb.": "febrero", "sept.": "septiembre", "oct.": "octubre", "nov.": "noviembre",
        "dic.": "diciembre", "Atte.": "atentamente", "N. del T.": "nota del traductor",
        "Ilmo.": "ilustrísimo",
    },
    "it": {
        "Sig.": "signor", "Sig.ra": "signora", "Sig.na": "signorina", "Sigg.": "signori",
        "Dott.": "dottor", "Dott.ssa": "dottoressa", "Prof.": "professor",
        "Prof.ssa": "professoressa", "Avv.": "avvocato", "Ing.": "ingegner", "Arch.": "architetto",
        "Geom.": "geometra", "Rag.": "ragioniere", "On.": "onorevole", "Sig.ri": "signori",
        "ecc.": "eccetera", "etc.": "eccetera", "es.": "esempio", "ad es.": "ad esempio",
        "p. es.": "per esempio", "a.C.": "avanti Cristo", "d.C.": "dopo Cristo",
        "c.a.": "corrente anno", "ca.": "circa", "tel.": "telefono", "Tel.": "telefono",
        "v.le": "viale", "P.zza": "piazza", "p.zza": "piazza", "c.so": "corso", "C.so": "corso",
        "d.lgs.": "decreto legislativo", "D.Lgs.": "decreto legislativo",
        "max.": "massimo", "ved.": "vedi", "cfr.": "confronta",
        "vol.": "volume", "ed.": "edizione", "S.p.A.": "società per azioni",
        "S.r.l.": "società a responsabilità limitata", "c.c.": "codice civile",
        "Spett.le": "spettabile", "gent.": "gentile", "Gent.mo": "gentilissimo",
        "Egr.": "egregio", "lun.": "lunedì", "mer.": "mercoledì",
        "gio.": "giovedì", "ven.": "venerdì", "sab.": "sabato", "dom.": "domenica",
        "gen.": "gennaio", "feb.": "febbraio", "apr.": "aprile", "ago.": "agosto",
        "sett.": "settembre", "ott.": "ottobre", "nov.": "novembre", "dic.": "dicembre",
        "N.B.": "nota bene", "all.": "allegato",
    },
    "pt": {
        "Sr.": "senhor", "Sra.": "senhora", "Srta.": "senhorita", "Dr.": "doutor",
        "Dra.": "doutora", "Prof.": "professor", "Profa.": "professora", "Eng.": "engenheiro",
        "Exmo.": "excelentíssimo", "Exma.": "excelentíssima", "V. Exa.": "vossa excelência",
        "etc.": "et cetera", "p. ex.": "por exemplo", "aprox.": "aproximadamente",
        "a.C.": "antes de Cristo", "d.C.": "depois de Cristo", "Av.": "avenida",
        "av.": "avenida", "Pç.": "praça", "tel.": "telefone", "Tel.": "telefone",
        "máx.": "máximo", "mín.": "mínimo", "Ltda.": "limitada", "Cia.": "companhia",
        "S.A.": "sociedade anônima", "Sto.": "santo", "Sta.": "santa", "ex.": "exemplo",
        "vol.": "volume", "ed.": "edição", "obs.": "observação", "Obs.": "observação",
        "dept.": "departamento", "depto.": "departamento", "apto.": "apartamento",
        "seg.": "segunda-feira", "ter.": "terça-feira", "qua.": "quarta-feira",
        "qui.": "quinta-feira", "sex.": "sexta-feira", "sáb.": "sábado", "dom.": "domingo",
        "jan.": "janeiro", "fev.": "fevereiro", "abr.": "abril",
        "jun.": "junho", "jul.": "julho", "ago.": "agosto", "set.": "setembro",
        "out.": "outubro", "nov.": "novembro", "dez.": "dezembro", "gov.": "governo",
        "c/": "com", "s/": "sem",
    },
    "nl": {
        "bijv.": "bijvoorbeeld", "bv.": "bijvoorbeeld", "d.w.z.": "dat wil zeggen",
        "o.a.": "onder andere", "m.a.w.": "met andere woorden", "enz.": "enzovoort",
        "etc.": "et cetera", "i.p.v.": "in plaats van", "t.o.v.": "ten opzichte van",
        "z.g.a.n.": "zo goed als nieuw", "m.b.t.": "met betrekking tot",
        "n.a.v.": "naar aanleiding van",
        "i.v.m.": "in verband met", "t.a.v.": "ter attentie van", "z.s.m.": "zo snel mogelijk",
        "a.u.b.": "alstublieft", "s.v.p.": "s'il vous plaît", "o.b.v.": "op basis van",
        "m.u.v.": "met uitzondering van", "vs.": "versus", "ca.": "circa", "evt.": "eventueel",
        "incl.": "inclusief", "excl.": "exclusief", "dhr.": "de heer", "Dhr.": "de heer",
        "mevr.": "mevrouw", "Mevr.": "mevrouw", "mr.": "meester", "dr.": "doctor",
        "prof.": "professor", "ir.": "ingenieur", "drs.": "doctorandus", "ing.": "ingenieur",
        "St.": "Sint", "v.Chr.": "voor Christus", "n.Chr.": "na Christus", "max.": "maximaal",
        "tel.": "telefoon", "Tel.": "Telefoon", "afd.": "afdeling", "gem.": "gemiddeld",
        "jl.": "jongstleden", "a.s.": "aanstaande", "resp.": "respectievelijk",
        "vnl.": "voornamelijk",
        "zgn.": "zogenaamd", "ong.": "ongeveer",

        "N.B.": "nota bene",
    },
    "pl": {
        "np.": "na przykład", "tzn.": "to znaczy", "tj.": "to jest", "itd.": "i tak dalej",
        "itp.": "i tym podobne", "m.in.": "między innymi", "ok.": "około", "wg": "według",
        "tzw.": "tak zwany", "dr": "doktor", "prof.": "profesor", "mgr": "magister",
        "inż.": "inżynier", "hab.": "habilitowany", "ul.": "ulica",
        # "przy ul. Długiej": the street in the case its preposition asks
        "przy ul.": "przy ulicy", "na ul.": "na ulicy", "z ul.": "z ulicy",
        "do ul.": "do ulicy", "od ul.": "od ulicy", "w ul.": "w ulicy", "Ul.": "Ulica",
        # "w sob.": the day in the accusative its preposition asks
        "w pon.": "w poniedziałek", "we wt.": "we wtorek", "w śr.": "w środę",
        "w czw.": "w czwartek", "w pt.": "w piątek", "w sob.": "w sobotę",
        "w niedz.": "w niedzielę", "w ndz.": "w niedzielę",
        "al.": "aleja", "pl.": "plac", "os.": "osiedle", "woj.": "województwo",
        "pow.": "powiat", "gm.": "gmina", "m.st.": "miasto stołeczne",

        "p.n.e.": "przed naszą erą",
        "n.e.": "naszej ery", "br.": "bieżącego roku", "ub.r.": "ubiegłego roku",
        "tel.": "telefon", "jw.": "jak wyżej", "cd.": "ciąg dalszy",
        "Zob.": "Zobacz",
        "c.d.n.": "ciąg dalszy nastąpi",
        "wyd.": "wydanie", "red.": "redakcja", "zob.": "zobacz", "por.": "porównaj",
        "ww.": "wyżej wymieniony", "pn.": "poniedziałek", "wt.": "wtorek",
        "śr.": "środa", "czw.": "czwartek", "pt.": "piątek", "sob.": "sobota", "ndz.": "niedziela",
        "św.": "święty", "im.": "imienia", "sp. z o.o.": "spółka z ograniczoną odpowiedzialnością",
        "S.A.": "spółka akcyjna", "PS.": "postscriptum", "wsp.": "współpracownicy",
    },
    "ru": {
        "т. е.": "то есть", "т. д.": "так далее", "т. п.": "тому подобное",
        "т. к.": "так как", "т. н.": "так называемый", "и т. д.": "и так далее",
        "и т. п.": "и тому подобное", "и др.": "и другие", "и пр.": "и прочее",
        "напр.": "например", "ул.": "улица", "пр-т": "проспект", "просп.": "проспект",
        "на ул.": "на улице", "по ул.": "по улице",  # the street in its preposition's case
        "по тел.": "по телефону", "Тел.": "Телефон", "каб.": "кабинет", "в каб.": "в кабинете",
        "пер.": "переулок", "пл.": "площадь", "д.": "дом", "кв.": "квартира",
        "кв. м": "м²",  # "45 кв. м": square metres (said by the unit rule), not a flat
        "обл.": "область", "р-н": "район", "им.": "имени", "проф.": "профессор",
        "акад.": "академик", "доц.": "доцент", "канд.": "кандидат", "зам.": "заместитель",


        "ср.": "сравни", "гл.": "глава", "изд.": "издание", "ред.": "редакция",
        "др.": "другие", "пр.": "прочее", "т.е.": "то есть", "ок.": "около",
        "н. э.": "нашей эры", "до н. э.": "до нашей эры", "тел.": "телефон",
        "пн.": "понедельник", "вт.": "вторник", "ср-да": "среда", "чт.": "четверг",
        "пт.": "пятница", "сб.": "суббота", "вс.": "воскресенье", "англ.": "английский",
        "рус.": "русский", "нем.": "немецкий", "франц.": "французский", "лат.": "латинский",
        "См.": "Смотри", "Напр.": "Например", "св.": "святой", "стр.": "страница",
        "рис.": "рисунок", "табл.": "таблица",

    },
}  # fmt: skip

# Only before a number (or a Roman numeral): "Abb. 3", "S. 5", "Kap. IV", "стр. 5".
BEFORE_NUMBER: dict[str, dict[str, str]] = {
    # "Tracking no. 1Z999AA1...": said before the code reader spells the number out.
    "en": {"no.": "number", "No.": "Number", "Ste.": "Suite", "Sec.": "Section",
           "Rm.": "Room"},
    "de": {"S.": "Seite", "Abb.": "Abbildung", "Kap.": "Kapitel", "Tab.": "Tabelle",
           "Bd.": "Band", "Art.": "Artikel", "Abs.": "Absatz", "Ziff.": "Ziffer",
           "Anm.": "Anmerkung", "Fn.": "Fußnote", "Sp.": "Spalte", "Z.": "Zeile",
           "Bsp.": "Beispiel", "Jg.": "Jahrgang", "Aufl.": "Auflage", "Bl.": "Blatt",
           "Hs.": "Halbsatz", "Lfg.": "Lieferung"},
    "fr": {"p.": "page", "pp.": "pages", "fig.": "figure", "chap.": "chapitre",
           "art.": "article", "t.": "tome", "al.": "alinéa", "tab.": "tableau", "éq.": "équation"},
    "es": {"pág.": "página", "págs.": "páginas", "p.": "página", "fig.": "figura",
           "cap.": "capítulo", "art.": "artículo", "núm.": "número", "n.º": "número",
           "nº": "número", "tab.": "tabla", "t.": "tomo", "c.": "capítulo"},
    "it": {"pag.": "pagina", "pagg.": "pagine", "p.": "pagina", "fig.": "figura",
           "cap.": "capitolo", "art.": "articolo", "n.": "numero", "tab.": "tabella",
           "c.": "comma", "par.": "paragrafo"},
    "pt": {"pág.": "página", "págs.": "páginas", "p.": "página", "fig.": "figura",
           "cap.": "capítulo", "art.": "artigo", "n.º": "número", "nº": "número",
           "tab.": "tabela", "núm.": "número", "§": "parágrafo"},
    "nl": {"blz.": "bladzijde", "p.": "pagina", "fig.": "figuur", "hfst.": "hoofdstuk",
           "art.": "artikel", "nr.": "nummer", "tab.": "tabel", },
    "pl": {"s.": "strona", "str.": "strona", "rys.": "rysunek", "rozdz.": "rozdział",
           "art.": "artykuł", "nr": "numer", "t.": "tom", "poz.": "pozycja", "tab.": "tabela",
           "ust.": "ustęp", "pkt": "punkt", "par.": "paragraf"},
    "sv": {"s.": "sidan", "sid.": "sidan", "kap.": "kapitel", "fig.": "figur", "tab.": "tabell"},
    "da": {"s.": "side", "kap.": "kapitel", "fig.": "figur", "tab.": "tabel"},
    "cs": {"s.": "strana", "str.": "strana", "kap.": "kapitola", "obr.": "obrázek",
           "tab.": "tabulka", "čl.": "článek", "odst.": "odstavec"},
    "uk": {"с.": "сторінка", "стор.": "сторінка", "розд.": "розділ", "рис.": "рисунок",
           "№": "номер"},
    "ru": {"с.": "страница", "гл.": "глава", "ст.": "статья", "п.": "пункт", "т.": "том",
           "№": "номер", "ч.": "часть", "разд.": "раздел"},
}  # fmt: skip

# Abbreviations whose period also ends a sentence when nothing or a capital follows.
ENDS_SENTENCE = frozenset((
    "usw.", "etc.", "enz.", "itd.", "itp.", "ecc.",
    "и т. д.", "и т. п.", "и др.", "и пр.", "т. д.", "т. п.", "v. Chr.", "n. Chr.", "a. C.",
    "d. C.", "a.C.", "d.C.", "p.n.e.", "n.e.", "н. э.", "до н. э.", "v.Chr.", "n.Chr.", "cd.",
    "MwSt.", "Jh.", "Jhd.", "s. o.", "s. u.", "u. v. m.", "o. ä.",
    "u. ä.", "hab.", "EE. UU.", "S. A.", "S. L.", "S.p.A.", "S.r.l.", "Ltda.", "S.A.",
    "c.d.n.", "jw.", "ff.",
))  # fmt: skip


@dataclass(frozen=True)
class _Compiled:
    words: Mapping[str, str]
    pattern: re.Pattern[str]
    before_number: Mapping[str, str]
    number_pattern: re.Pattern[str] | None


_COMPILED: dict[str, _Compiled] = {}


def _key(written: str) -> str:
    return re.sub(r"\s", "", written)


def _alternatives(keys: object) -> str:
    """Longest first; "z. B." also matches "z.B." and "z.  B."."""
    ordered = sorted(keys, key=len, reverse=True)  # type: ignore[call-overload]
    return "|".join(re.escape(k).replace(r"\ ", r"\s*") for k in ordered)


def _compiled(lang: str) -> _Compiled | None:
    found = _COMPILED.get(lang)
    if found is None and (lang in WORDS or lang in BEFORE_NUMBER):
        words = WORDS.get(lang, {})
        numbered = BEFORE_NUMBER.get(lang, {})
        found = _COMPILED[lang] = _Compiled(
            {_key(k): v for k, v in words.items()},
            re.compile(rf"(?<![\w.])(?:{_alternatives(words)})(?:(?<=\.)|(?!\w))")
            if words
            else re.compile("(?!)"),
            {_key(k): v for k, v in numbered.items()},
            re.compile(
                rf"(?<![\w.])(?:{_alternatives(numbered)})(?=\s?(?:\d|[IVXLC]+(?![^\W\d_])))"
            )
            if numbered
            else None,
        )
    return found


_ENDS = frozenset(_key(a) for a in ENDS_SENTENCE)
# A word said before a range of numbers is plural: "les p. 45-67" pages, "págs." (German
# keeps "Seite 45 bis 67", as it is said).
_RANGE_AFTER = re.compile(r"\s?\d+\s?[-\u2013]\s?\d+")
_PLURALS = {
    "page": "pages", "página": "páginas", "pagina": "pagine", "figure": "figures",
    "figura": "figuras",
}  # fmt: skip
_AFTER_NUMBER = re.compile(r"\d\s?$")
# Abbreviated units after a number become the unit symbol the language's rules count.
UNIT_AFTER_NUMBER: dict[str, dict[str, str]] = {"de": {"Std.": "h", "Min.": "min", "Sek.": "s"}}


# Words that start a German sentence after "2 Std."; a capitalised noun does not.
_DE_SENTENCE_STARTS = frozenset((
    "Der", "Die", "Das", "Dann", "Danach", "Davor", "Dabei", "Er", "Sie", "Es", "Wir", "Ich",
    "Ihr", "Man", "Am", "Im", "In", "Um", "Auf", "Bei", "Mit", "Nach", "Vor", "Aber", "Und",
    "Doch", "Denn", "Diese", "Dieser", "Dieses", "Ein", "Eine", "Einer", "So", "Wenn", "Als",
    "Da", "Jetzt", "Heute", "Morgen", "Außerdem", "Zudem", "Insgesamt", "Bitte", "Wie", "Was",
    "Wo", "Wer", "Warum", "Zum", "Zur", "Vom", "Für", "Ohne", "Gegen", "Seit", "Bis", "Noch",
    "Schon", "Auch", "Nur", "Hier", "Dort", "Mein", "Meine", "Unser", "Unsere",
))  # fmt: skip


# German street names abbreviated inside their compound: "Hauptstr. 5", "Kirchpl. 2".
_DE_STREET = re.compile(r"(?<!\w)([A-ZÄÖÜ][a-zäöüß]+)(str|pl)\.(?=[\s,;)]|$)")
_DE_STREET_WORDS = {"str": "straße", "pl": "platz"}


def _german_streets(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        rest = m.string[m.end() :].lstrip()
        following = rest.split(maxsplit=1)[0].strip(",.;:!?") if rest else ""
        ends = not rest or following in _DE_SENTENCE_STARTS  # "… in der Hauptstr. Dann"
        return m.group(1) + _DE_STREET_WORDS[m.group(2)] + ("." if ends else "")

    return _DE_STREET.sub(say, text) if "." in text else text


def read(text: str, lang: str) -> str:
    """`text` with the language's abbreviations said in full."""
    text = weekdays.read(text, lang)  # "Mo-Fr": a span, before "Mo." alone is said
    if lang == "de":
        text = _german_streets(text)
    compiled = _compiled(lang)
    if compiled is None or not any(c in text for c in ".°º/№gtrnlBSPDTMmdskz"):
        return text
    if compiled.number_pattern is not None:

        def before_number(m: re.Match[str]) -> str:
            said = compiled.before_number[_key(m.group())]
            if _RANGE_AFTER.match(m.string, m.end()):  # "p. 45-67": pages
                said = _PLURALS.get(said, said)
            glued = m.string[m.end() : m.end() + 1].isalnum()
            return f"{said} " if glued else said  # "№123": номер 123

        text = compiled.number_pattern.sub(before_number, text)

    def say(m: re.Match[str]) -> str:
        key = _key(m.group())
        words = compiled.words[key]
        unit = UNIT_AFTER_NUMBER.get(lang, {}).get(key)
        if unit and _AFTER_NUMBER.search(m.string, max(0, m.start() - 3), m.start()):
            # "1 Std." -> "1 h": the language's unit rule counts it ("eine Stunde"); the
            # period stays for the sentence rules ("2 Std. Danach" ends a sentence)
            after = m.string[m.end() : m.end() + 3]
            ends = not after.strip() or (after[:1].isspace() and after.lstrip()[:1].isupper())
            if ends and after.strip() and lang == "de":  # "15 Min. Verspätung": a noun
                following = m.string[m.end() :].split(maxsplit=1)[0].strip(",.;:!?")
                ends = following in _DE_SENTENCE_STARTS
            return unit + ("." if ends else "")
        rest = m.string[m.end() : m.end() + 3]
        glue = " " if key.endswith(".") and rest[:1].isalnum() else ""  # "z.B.Obst"
        if key.endswith(".") and not m.string[m.end() :].strip():
            return words + "."  # the text's last period
        if key in _ENDS and rest[:1].isspace() and rest.lstrip()[:1].isupper():
            return words + "."
        return words + glue

    return compiled.pattern.sub(say, text)
