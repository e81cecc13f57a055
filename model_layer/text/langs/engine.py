"""A table-driven normalizer: one `LanguageSpec` of words and forms, one set of rules for all.

A language module is a spec plus the few rules unique to its language:

    SPEC = LanguageSpec(code="de", decimal_word=word("Komma"), percent=word("Prozent"), ...)
    LANGUAGE = Language(SPEC)
    normalize = LANGUAGE.normalize

`Language` compiles every pattern once, at import. The rules run in this order,
because earlier shapes claim digits a later, more general rule would misread:

    English-style grouping read as meant (`foreign_grouping`), abbreviations,
    the spec's `extra_rules`, phone
    numbers, ranges ("5-10" -> "5 bis 10", digits kept so that money and units
    still see them), currency, dates, times, percentages, ordinals, years,
    units, versions, symbols, numbers, the spec's `final_rules`.

A language that reads one of these shapes its own way names the step in `own_steps`: its
rule runs in the step's place, or none where `extra_rules` read the shape (en: phones).

Public surface (kept small on purpose): `LanguageSpec`, `Currency`, `DateParts`
(spec.py), `Language`, and the helpers `plain_ordinal`, `before`, `after` (matching.py),
and the grammar helpers in forms.py (`Word`, `word`, plural rules, `agree`,
`inflect`, `table_ordinal`). A language whose numbers num2words cannot say
passes its own `cardinal` (see vi.py); one whose numbers agree with what follows
passes `agreeing` (the next word), `gendered` (a counted noun's gender) or `count`
(number and noun put together, ar); `clock` says a whole time, `date` a whole date
(bg, hr, el, ar). Every hook returns `None` for "I cannot
say this", and the text then stays as written: `normalize` never raises, and
`normalize_strictly` (for tests) lets a rule's error through.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.common import CURRENCY_CODES
from model_layer.text.langs.forms import Word, agree, last_word
from model_layer.text.langs.matching import (
    NEXT_WORD,
    NUMERIC_DATE,
    PRODUCTS,
    WHOLE,
    abbreviation_pattern,
    after,
    alternation,
    before,
    number_pattern,
    plain,
    plain_ordinal,
    sentence_dot,
)
from model_layer.text.langs.spec import (
    SHARED_CURRENCY_SYMBOLS,
    UNIT_SYMBOLS,
    Currency,
    DateParts,
    LanguageSpec,
    Rule,
)


class Language:
    """A spec's rules, compiled once; `normalize` is the language module's entry point."""

    def __init__(self, spec: LanguageSpec) -> None:
        self.spec = spec
        num = number_pattern(spec, "n")
        self._number = re.compile(num)
        self._fixes = tuple((re.compile(p), r) for p, r in spec.word_fixes)
        steps: dict[str, Rule] = {
            "phones": self._phones, "ranges": self._ranges, "currency": self._currency,
            "dates": self._dates, "times": self._times, "percent": self._percent,
            "ordinals": self._ordinals, "years": self._years, "units": self._units,
            "versions": self._versions, "symbols": self._symbols, "numbers": self._numbers,
        }  # fmt: skip
        if unknown := set(spec.own_steps) - set(steps):
            raise ValueError(f"{spec.code}: no engine step {sorted(unknown)}")
        self._rules: tuple[Rule, ...] = (
            *((self._foreign_grouping,) if spec.foreign_grouping else ()),
            self._abbreviations,
            *spec.extra_rules,
            *(
                step
                for name, shared in steps.items()
                if (step := spec.own_steps.get(name, shared)) is not None
            ),
            *spec.final_rules,
        )
        self._compile(spec, num)

    def _compile(self, spec: LanguageSpec, num: str) -> None:
        c = re.compile
        abbr = sorted(spec.abbreviations, key=len, reverse=True)
        self._abbr = c("|".join(abbreviation_pattern(a) for a in abbr) or r"(?!)")
        self._abbr_words = {re.sub(r"\s", "", a): w for a, w in spec.abbreviations.items()}
        self._range = c(
            r"(?<![\w.,:/-])([1-9]\d{0,5})\s?[-\u2013\u2014]\s?([1-9]\d{0,5})(?![.,:/-]?\d)"
        )
        symbols = {**SHARED_CURRENCY_SYMBOLS, **spec.currency_symbols}
        self._symbol_code = symbols
        syms = alternation(symbols)
        codes = "|".join(CURRENCY_CODES)
        glued = number_pattern(spec, "n", glued=True)
        scales = rf"(?P<scale>{alternation(spec.scales)})(?!\w)\s?" if spec.scales else ""
        self._money_before = c(
            # not right after a number: "23,50 € 2 lidem" is 23,50 € and then two
            rf"(?<!\w)(?<!\d )(?:(?P<sym>{syms})|(?P<code>{codes}))\s?{glued}{WHOLE}"
            + (rf"(?:\s?{scales[:-3]})?" if scales else "")
        )
        self._money_after = c(
            rf"{num}{WHOLE}\s?(?:{scales})?(?:(?P<sym>{syms})|(?P<code>{codes}))(?!\w)".replace(
                "(?:)?", ""
            )
        )
        self._iso = c(r"(?<![\w.-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])")
        if spec.date_order == "ymd":
            self._numeric_date = c(r"(?<![\w.])(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.?(?!\w)")
        else:
            # "15.06.2024 r.": the year word after it is said by the date ("roku")
            year_word = rf"(?:\s?(?:{spec.year_suffix}))?" if spec.year_suffix else ""
            self._numeric_date = c(
                rf"(?<![\w.,/])(\d{{1,2}})([./-])\s?(\d{{1,2}})\2\s?(\d{{4}})(?!\w){year_word}"
            )
        self._month_index = {m.lower(): i + 1 for i, m in enumerate(spec.months)}
        self._month_index.update({a.lower(): i for a, i in spec.month_aliases.items()})
        months = alternation(self._month_index) or r"(?!)"
        link = rf"(?:{spec.date_link}\s)?" if spec.date_link else ""
        ysuf = rf"(?:\s?(?:{spec.year_suffix}))?" if spec.year_suffix else ""
        if spec.date_order == "ymd":
            self._written_date = c(
                rf"(?<![\w.])(?P<y>\d{{4}})\.?\s(?P<mon>(?i:{months}))\s(?P<d>\d{{1,2}})\.?(?!\w)"
            )
        else:
            self._written_date = c(
                rf"(?<![\w.,])(?P<d>0?[1-9]|[12]\d|3[01])(?:{spec.day_suffix})\s{link}"
                rf"(?P<mon>(?i:{months}))(?!\w)(?:,?\s{link}(?P<y>\d{{4}})(?!\d){ysuf})?"
            )

        def hour(name: str) -> str:
            return rf"(?<![\w:.,])(?P<{name}>[01]?\d|2[0-3])"

        trailer = rf"(?:\s?(?:{spec.time_trailer})(?!\w))?" if spec.time_trailer else ""
        times = [rf"{hour('h')}:(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?(?![\w:]|[.,]\d){trailer}"]
        if spec.time_letter:
            times.append(rf"{hour('h2')}\s?h(?:\s?(?P<m2>[0-5]\d))?(?!\w)")  # "14 h 30"
        if spec.time_keywords:
            times.append(
                rf"(?<!\w)(?P<kw3>(?:{spec.time_keywords})\s){hour('h3')}\.(?P<m3>[0-5]\d)(?![\w.,]\d){trailer}"
            )
        if spec.time_trailer:
            times.append(rf"{hour('h4')}\.(?P<m4>[0-5]\d)\s?(?:{spec.time_trailer})(?!\w)")
        self._time = c("|".join(f"(?:{t})" for t in times))
        extra = rf"|(?<![\w+/.,]){spec.phone_extra}(?![\w/]|[.,]\d)" if spec.phone_extra else ""
        self._phone = c(
            r"(?<![\w+/.])(?:\+\d{1,3}|\(0\d{1,4}\)|0\d{1,4})(?:[ -]?\(\d{1,4}\))?"
            r"(?:(?:[ -]|\s?/\s?)\d+){1,5}(?![\w/]|\.\d)|(?<![\w+])\+\d{8,14}(?!\w)" + extra
        )
        # English grouping in a comma-decimal language, "1,234.56": unambiguous, read as meant
        self._foreign = c(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+)\.(\d+)(?![\d.,]?\d)")
        self._percent_re = c(
            rf"{num}\s?%" + (rf"|%\s?{num.replace('(?P<n', '(?P<q')}" if spec.percent_first else "")
        )
        ordinals = []
        if spec.ordinal_suffix:
            ordinals.append(rf"(?<![\w.,])(?P<n>\d+)(?P<suf>{spec.ordinal_suffix})(?!\w)")
        if spec.ordinal_dot:
            ordinals.append(r"(?<![\w.,])(?P<d>\d{1,3})\.(?=\s+[^\W\d_])")
        self._ordinal = c("|".join(ordinals) or r"(?!)")
        self._year = c(r"(?<![\w.,])(1[1-9]\d\d)(?![\w]|[.,]\d)")
        units = {s: k for s, k in {**UNIT_SYMBOLS, **spec.unit_symbols}.items() if k in spec.units}
        self._scale = c(rf"(?:{spec.scale_link[0]})$") if spec.scale_link else None
        self._unit_words = {**{s: spec.units[k] for s, k in units.items()}, **spec.scales}
        unit_symbols = alternation(self._unit_words) or "(?!)"
        # "15 min. forsinket": an abbreviation's dot before a lowercase word is no full stop
        self._unit = c(
            rf"{num}\s?(?P<u>{unit_symbols})(?![\w²³/])(?P<adot>\.(?=\s+[^\W\d_]|\s\d))?"
        )
        # a product's name before "17.2" makes it a version in every language ("iOS 17.2")
        keywords = (
            rf"(?P<kw>{spec.version_keywords + '|' if spec.version_keywords else ''}{PRODUCTS})\s"
        )
        self._version = c(
            rf"(?<![\w.])(?:(?P<v>v)|{keywords})(?P<ver>\d+(?:\.\d+)+)(?!\w|[.,]\d)"
            r"|(?<![\w.,])(?P<bare>\d+\.\d+\.\d+(?:\.\d+)*)(?!\w|[.,]\d)"
        )
        # `(?<!\s)\s*+`: a run of spaces is tried once from its start, not from each of
        # its characters (O(n^2) on a long run)
        self._amp = c(r"(?<!\s)\s*+&\s*")
        self._plus = c(r"(?<=\d)\s*\+\s*(?=\d)")
        self._equals = c(r"(?<=[\w)])\s*=\s*(?=[\w(])")
        self._section = c(r"§\s?(?=\d)")

    # -- the entry point ---------------------------------------------------------------

    def normalize(self, text: str) -> str:
        for rule in self._rules:
            try:
                text = rule(text)
            except Exception:  # a gap in one rule must not cost the whole text
                continue
        return text

    def normalize_strictly(self, text: str) -> str:
        """`normalize` letting a rule's error through: for tests, which must see every gap."""
        for rule in self._rules:
            text = rule(text)
        return text

    # -- number words --------------------------------------------------------------

    def cardinal(self, digits: str) -> str | None:
        own = self.spec.cardinal
        words = own(digits) if own else numbers.cardinal(digits, self.spec.code)
        return self._fix(words)

    def _fix(self, words: str | None) -> str | None:
        if words is None:
            return None
        for pattern, repl in self._fixes:
            words = pattern.sub(repl, words)
        return words

    def number(self, int_digits: str, frac: str | None, gender: str = "") -> str | None:
        """Words for a number, the last word agreeing with `gender` when given."""
        int_digits = re.sub(r"\D", "", int_digits)
        if frac:
            return self.decimal(int_digits, frac)
        own = self.spec.gendered
        if own is not None and gender and plain(int_digits):
            return self._fix(own(int_digits, gender))  # the whole number in the gender
        words = self.cardinal(int_digits)
        if words and gender:
            words = agree(words, gender, self.spec.genders)
        return words

    def decimal(self, int_digits: str, frac: str) -> str | None:
        spec = self.spec
        if spec.decimal_word is None:
            return self._fix(numbers.decimal(int_digits, frac, spec.code))
        whole = self.cardinal(int_digits)
        if spec.fraction_digits or len(frac) > 3:
            fraction = " ".join(self.cardinal(d) or d for d in frac)
        else:
            zeros = len(frac) - len(frac.lstrip("0"))
            rest = self.cardinal(frac.lstrip("0")) if frac.lstrip("0") else None
            fraction = " ".join([self.cardinal("0") or "0"] * zeros + ([rest] if rest else []))
        if whole is None:
            return None
        n = int(int_digits)
        sep = spec.decimal_word.form(spec.plural(n, False))
        whole = agree(whole, spec.decimal_word.gender, spec.genders)
        return f"{whole} {sep} {fraction}"

    def signed(self, m: re.Match[str], name: str, gender: str = "") -> str | None:
        words = self.number(m.group(f"{name}i"), m.group(f"{name}f"), gender)
        return numbers.signed(words, bool(m.group(f"{name}neg")), self.spec.code)

    def counted(self, m: re.Match[str], name: str, noun: Word) -> str | None:
        """A number and the noun it counts, in the form the number asks for."""
        frac = m.group(f"{name}f")
        digits = re.sub(r"\D", "", m.group(f"{name}i"))
        n = int(digits)
        own = self.spec.count
        if own is not None and not frac and plain(digits):
            words = own(n, noun)  # the language puts number and noun together itself
            return numbers.signed(words, bool(m.group(f"{name}neg")), self.spec.code)
        words = self.signed(m, name, noun.gender)
        return (
            None if words is None else self._join(words, noun.form(self.spec.plural(n, bool(frac))))
        )

    def _join(self, words: str, noun: str) -> str:
        if self._scale is not None and self.spec.scale_link and self._scale.search(words):
            return f"{words} {self.spec.scale_link[1](noun)}{noun}"
        return f"{words} {noun}"

    # -- the rules -----------------------------------------------------------------

    def _foreign_grouping(self, text: str) -> str:
        return self._foreign.sub(lambda m: f"{m.group(1).replace(',', '.')},{m.group(2)}", text)

    def _abbreviations(self, text: str) -> str:
        if not self.spec.abbreviations:
            return text

        titles = {re.sub(r"\s", "", t) for t in self.spec.titles}

        def say(m: re.Match[str]) -> str:
            key = re.sub(r"\s", "", m.group())
            words = self._abbr_words[key]
            if not key.endswith(".") or after(m)[:1].isspace() or not after(m)[:1].isalnum():
                glue = ""
            else:
                glue = " "  # "Dr.Müller" -> "Doktor Müller"
            if key in titles:
                return words + glue
            return words + (sentence_dot(m) or glue)

        return self._abbr.sub(say, text)

    def _ranges(self, text: str) -> str:
        spec = self.spec
        if spec.range_template:  # "от {} до {}": the first word once, if not written already
            lead = spec.range_template.split("{}", 1)[0].strip()

            def say(m: re.Match[str]) -> str:
                if int(m.group(1)) >= int(m.group(2)):
                    return m.group()  # "3-1" falls: a score or a code, not a range
                template = spec.range_template
                if lead and last_word(before(m)) == lead.lower():
                    template = template.split(lead, 1)[1].lstrip()
                return template.format(m.group(1), m.group(2))

            return self._range.sub(say, text)
        if not spec.range_word:
            return text
        return self._range.sub(lambda m: f"{m.group(1)} {spec.range_word} {m.group(2)}", text)

    def _currency(self, text: str) -> str:
        def say(m: re.Match[str]) -> str:
            code = m.group("code") or self._symbol_code[m.group("sym")]
            currency = self.spec.currencies.get(code)
            words = self._money(m, currency) if currency else None
            if words is None:
                return m.group()
            return words + (sentence_dot(m) if m.group().endswith(".") else "")  # "150 kr."

        return self._money_after.sub(say, self._money_before.sub(say, text))

    def _money(self, m: re.Match[str], currency: Currency) -> str | None:
        scale = m.groupdict().get("scale")
        if scale:  # "5 Mio. €" -> "fünf Millionen Euro": the noun in its form for many
            words = self.counted(m, "n", self.spec.scales[scale])
            return (
                None
                if words is None
                else self._join(words, currency.unit.form(self.spec.plural(20, False)))
            )
        frac = m.group("nf")
        if currency.sub is None or (frac and len(frac) > 2):
            return self.counted(m, "n", currency.unit)
        units = int(re.sub(r"\D", "", m.group("ni")))
        cents = int(frac.ljust(2, "0")) if frac else 0
        parts = []
        if units or not cents:
            parts.append(self._count(units, currency.unit))
        if cents:
            parts.append(self._count(cents, currency.sub))
        if None in parts:
            return None
        joiner = f" {self.spec.currency_and} " if self.spec.currency_and else " "
        if self.spec.currency_and_joined:  # ar: "ريالًا وخمسون هللةً"
            joiner = joiner.rstrip()
        words = joiner.join(p for p in parts if p)
        return numbers.signed(words, bool(m.group("nneg")), self.spec.code)

    def _count(self, n: int, noun: Word) -> str | None:
        if self.spec.count is not None:
            return self.spec.count(n, noun)
        words = self.number(str(n), None, noun.gender)
        return None if words is None else self._join(words, noun.form(self.spec.plural(n, False)))

    def _dates(self, text: str) -> str:
        def say(day: int, month: int, year: int | None, m: re.Match[str]) -> str:
            if not (1 <= month <= 12 and 1 <= day <= 31):
                return m.group()
            return self.say_date(DateParts(day, month, year, before(m))) or m.group()

        def iso(m: re.Match[str]) -> str:
            return say(int(m.group(3)), int(m.group(2)), int(m.group(1)), m)

        def numeric(m: re.Match[str]) -> str:
            g = m.groups()
            if self.spec.date_order == "ymd":
                return say(int(g[2]), int(g[1]), int(g[0]), m)
            return with_full_stop(say(int(g[0]), int(g[2]), int(g[3]), m), m)

        def with_full_stop(said: str, m: re.Match[str]) -> str:
            rest = m.string[m.end() :]
            ends = not rest.strip() or rest[:2].strip()[:1].isupper()
            if m.group().endswith(".") and said != m.group() and ends:
                said += "."  # "... 2024 r." ends the sentence: its period stays
            return said

        def written(m: re.Match[str]) -> str:
            month = self._month_index[m.group("mon").lower()]
            year = int(m.group("y")) if m.group("y") else None
            return with_full_stop(say(int(m.group("d")), month, year, m), m)

        if not self.spec.months:
            return text
        text = self._iso.sub(iso, text)
        text = self._numeric_date.sub(numeric, text)
        return self._written_date.sub(written, text)

    def say_date(self, parts: DateParts) -> str | None:
        spec = self.spec
        if spec.date is not None:
            return spec.date(parts)
        day = spec.day(parts.day, parts.before) if spec.day else self.cardinal(str(parts.day))
        month = spec.months[parts.month - 1]
        if day is None:
            return None
        if parts.year is None:
            return spec.date_format.split("{month}")[0].format(day=day) + month
        year = self.year_words(parts.year)
        if year is None:
            return None
        return spec.date_format.format(day=day, month=month, year=year)

    def say_date_parts(
        self, day: int | None, month: int | None, year: int | None, day_first: bool = True
    ) -> str | None:
        """A date with any of its parts (SSML `say-as date`): the day and month as a
        date in running text; a month alone by its name; a year as a year."""
        spec = self.spec
        if day is not None and month is not None:
            return self.say_date(DateParts(day, month, year, ""))
        said: list[str | None] = []
        if day is not None:
            said.append(spec.day(day, "") if spec.day else self.cardinal(str(day)))
        if month is not None:
            said.append((spec.month_names or spec.months or (None,) * 12)[month - 1])
        if year is not None:
            said.append(self.year_words(year))
        return None if None in said else " ".join(w for w in said if w)

    def year_words(self, n: int) -> str | None:
        if self.spec.year is not None and 1100 <= n <= 1999:
            return self.spec.year(n)
        return self.cardinal(str(n))

    def _times(self, text: str) -> str:
        spec = self.spec

        def say(m: re.Match[str]) -> str:
            found = m.groupdict()
            h = int(next(found[k] for k in ("h", "h2", "h3", "h4") if found.get(k)))
            minute = int(next((found[k] for k in ("m", "m2", "m3", "m4") if found.get(k)), "0"))
            keyword = found.get("kw3") or ""
            if spec.clock is not None:
                seconds = int(found["s"]) if found.get("s") else None
                said = spec.clock(h, minute, seconds)
                return m.group() if said is None else keyword + said + sentence_dot(m)
            context = before(m) + keyword
            hour = (
                spec.hour(h, context) if spec.hour else self.number(str(h), None, spec.hour_gender)
            )
            if hour is None:
                return m.group()
            hw = spec.hour_word.form(spec.plural(h, False)) if spec.hour_word else ""
            if not minute:
                return keyword + spec.time_format_hour.format(h=hour, hw=hw)
            words = self.cardinal(str(minute))
            if words is None:
                return m.group()
            if minute < 10 and spec.minute_zero:
                words = f"{spec.minute_zero} {words}"
            said = keyword + spec.time_format.format(h=hour, m=words, hw=hw)
            seconds = found.get("s")
            if seconds and int(seconds):
                said += f" {self.cardinal(str(int(seconds)))}"
            return said + sentence_dot(m)  # "um 14:30 Uhr." at the end keeps its period

        return self._time.sub(say, text)

    def _phones(self, text: str) -> str:
        def say(m: re.Match[str]) -> str:
            digits = re.sub(r"\D", "", m.group())
            if not 7 <= len(digits) <= 15 or NUMERIC_DATE.fullmatch(m.group()):
                return m.group()
            groups = [g for g in re.split(r"[^\d+]+", m.group()) if g]
            words = []
            for g in groups:
                digits = g.lstrip("+")
                pair = self.spec.phone_pairs or g.startswith("+")  # "+49": "plus neunundvierzig"
                if pair and len(digits) <= 2 and digits[0] != "0":
                    spoken = self.cardinal(digits)
                else:
                    spoken = numbers.digit_by_digit(digits, self.spec.code)
                if spoken is None:
                    return m.group()
                words.append(f"{self.spec.plus_word} {spoken}" if g.startswith("+") else spoken)
            return ", ".join(words)

        return self._phone.sub(say, text)

    def _percent(self, text: str) -> str:
        spec = self.spec
        if spec.percent is None:
            return text

        def say(m: re.Match[str]) -> str:
            name = "n" if m.group("ni") else "q"
            if spec.percent_first:
                words = self.signed(m, name)
                return m.group() if words is None else f"{spec.percent.form(0)} {words}"
            return self.counted(m, name, spec.percent) or m.group()

        return self._percent_re.sub(say, text)

    def _ordinals(self, text: str) -> str:
        hook = self.spec.ordinal
        if hook is None:
            return text

        def say(m: re.Match[str]) -> str:
            found = m.groupdict()
            digits = found.get("n") or found["d"]
            suffix = found["suf"] if found.get("n") else "."
            words = hook(int(digits), suffix, before(m), after(m))
            return m.group() if words is None else words

        return self._ordinal.sub(say, text)

    def _years(self, text: str) -> str:
        hook = self.spec.year
        if hook is None:
            return text
        return self._year.sub(lambda m: hook(int(m.group(1))) or m.group(), text)

    def _units(self, text: str) -> str:
        def say(m: re.Match[str]) -> str:
            unit = m.group("u")
            words = self.counted(m, "n", self._unit_words[unit])
            if words is None:
                return m.group()
            if m.group("adot"):
                following = after(m).lstrip()[:1]
                return words + ("" if following.islower() or following.isdigit() else ".")
            if unit in self.spec.scales and self.spec.capitalized_nouns:
                # "1 Mio. Euro": a capital after a scale is the noun it counts, not a new
                # sentence; only at the very end does its dot also end the sentence.
                return words + ("." if m.group().endswith(".") and not after(m).strip() else "")
            return words + sentence_dot(m)  # "18 ч."

        return self._unit.sub(say, text) if self._unit_words else text

    def _versions(self, text: str) -> str:
        spec = self.spec
        if not spec.point_word:
            return text

        def say(m: re.Match[str]) -> str:
            digits = (m.group("ver") or m.group("bare")).split(".")
            if m.group("bare") and all(len(p) == 3 for p in digits[1:]):
                return m.group()  # 1.234.567: a number in groups, not a version
            parts = [self.cardinal(str(int(p))) for p in digits]
            if None in parts:
                return m.group()
            words = f" {spec.point_word} ".join(p for p in parts if p)
            if m.group("v"):
                return f"{spec.version_word} {words}" if spec.version_word else words
            return f"{m.group('kw')} {words}" if m.group("kw") else words

        return self._version.sub(say, text)

    def _symbols(self, text: str) -> str:
        spec = self.spec
        if spec.and_word:
            text = self._amp.sub(f" {spec.and_word} ", text)
        if spec.plus_word:
            text = self._plus.sub(f" {spec.plus_word} ", text)
        if spec.equals_word:
            text = self._equals.sub(f" {spec.equals_word} ", text)
        if spec.section_word:
            text = self._section.sub(f"{spec.section_word} ", text)
        return text

    def _numbers(self, text: str) -> str:
        agreeing = self.spec.agreeing

        def say(m: re.Match[str]) -> str:
            digits = re.sub(r"\D", "", m.group("ni"))
            if agreeing is not None and not m.group("nf") and plain(digits):
                following = NEXT_WORD.match(m.string, m.end())
                own = agreeing(digits, following.group(1) if following else "")
                words = numbers.signed(self._fix(own), bool(m.group("nneg")), self.spec.code)
            else:
                words = self.signed(m, "n")
            if words is None:
                return m.group()
            following = m.string[m.end() : m.end() + 1]
            return f"{words} " if following.isalpha() else words  # "5x" -> "fünf x"

        return self._number.sub(say, text)


__all__ = [
    "Currency",
    "DateParts",
    "Language",
    "LanguageSpec",
    "after",
    "before",
    "number_pattern",
    "plain_ordinal",
]
