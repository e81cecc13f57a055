# ruff: noqa: RUF001  (Turkish dotless i and other scripts in the tables)
"""Identifiers read as a narrator reads them: digit by digit, letter by letter.

- An order, invoice, customer or booking number of five digits or more ("Order number
  4582193", "Bestellnummer 4582193", "n° de commande 458219", "#45821") is read digit
  by digit ("four five eight two one nine three"), not as millions.
- A reference of capitals and hyphenated digit groups ("INV-2024-0456") is read as
  its letters, then each group digit by digit.
- An IBAN ("NL91 ABNA 0417 1643 00") is read character by character in its groups of four.
- A one-time code or PIN after its word ("Ihr Code lautet 482913") digit by digit.
- A code mixing capitals and digits back and forth ("1Z999AA10123456784", "K7XQ2M",
  "AB123CD") is read character by character: each digit as a word, the letters apart
  for the acronym speller ("K seven X Q two M"). A code of letters then digits
  ("ISO9001", "COVID19", "MP3") or a unit ("100km") is not touched.
"""

from __future__ import annotations

import functools
import re

from model_layer.text import numbers

# Words before an identifier, per language (matched case-insensitively); a number of
# five digits or more after one of them, perhaps after "number", "no.", "#" or ":".
_ID_WORDS = {
    "en": r"order|invoice|ref|reference|ticket|booking|confirmation|account|tracking|case|"
    r"customer|policy|member|membership|transaction|serial|item|claim|reservation|parcel",
    "de": r"\w*nummer|\w*-?nr\.|aktenzeichen|az\.|rechnung|bestellung|auftrag|vorgang|"
    r"buchung|referenz|ticket|sendung",
    "fr": r"commande|facture|client|dossier|suivi|réservation|référence|réf\.|colis|ticket",
    "es": r"pedido|factura|cliente|seguimiento|reserva|referencia|ref\.|expediente|ticket|envío",
    "pt": r"pedido|fatura|factura|cliente|protocolo|reserva|referência|ref\.|encomenda|"
    r"rastreio|processo",
    "it": r"ordine|fattura|cliente|pratica|prenotazione|riferimento|rif\.|spedizione|ticket",
    "nl": r"\w*nummer|order|factuur|klant|referentie|kenmerk|dossier|boeking|zending|ticket",
    "sv": r"\w*nummer|order|faktura|kund|referens|bokning|ärende",
    "da": r"\w*nummer|ordre|faktura|kunde|reference|booking|sag",
    "ro": r"comanda|comandă|factura|factură|client|referință|rezervare|dosar",
    "id": r"pesanan|faktur|pelanggan|referensi|pemesanan|resi|tiket",
    "hu": r"\w*szám|rendelés|számla|ügyfél|hivatkozási|foglalás",
    "vi": r"mã|mã số|đơn hàng|hóa đơn|tài khoản|đặt chỗ|vé|hợp đồng",
    "el": r"παραγγελίας|παραγγελία|κωδικός|λογαριασμού|κράτησης|τιμολογίου|πελάτη",
    "hi": r"नंबर|नम्बर|संख्या|आईडी|कोड",
    "ar": r"الطلب|الحساب|الحجز|الفاتورة|العميل|التتبع|الشحنة|الطلبية",
    "tr": r"sipariş|fatura|müşteri|rezervasyon|referans|takip|\w*numarası|no",
}
# What may stand between the word and the digits: "number", "no.", "#", "ID", ":".
_LINK = (
    r"(?:\s*(?:number|no\.|nr\.|n°|nº|n\.º|numéro|número|numero|nummer|#|id|code|de|"
    r"do|da|di|del|d'|is|est|es|é|è|ist|lautet|är|er|este|adalah)){0,3}\s*:?\s*"
)
# "Rechnung über 12345 Euro" is an amount, not a number that names.
_NOT_AMOUNT = (
    r"(?!\s?(?:[€$£¥%]|eur|usd|gbp|chf|euros?|dollars?|pounds?|francs?|kr|kronor|kroner|"
    r"lei|ron|ft|forint|rp|rupiah|reais|real|libras?|sterline|stück|pieces?|pcs|km|kg))"
)
# "#45821": the sign is said as the language's "number".
_NUMBER_WORD = {
    "en": "number", "de": "Nummer", "fr": "numéro", "es": "número", "pt": "número",
    "it": "numero", "nl": "nummer", "sv": "nummer", "da": "nummer", "ro": "numărul",
    "id": "nomor", "hu": "szám", "vi": "số", "el": "αριθμός", "hi": "नंबर", "ar": "رقم",
    "tr": "numara",
}  # fmt: skip
_HASH = re.compile(r"(?<![\w&])#(\d{5,})(?![\w.,]\d|\w)")
# Capitals and digits in one token, switching at least twice (digit-letter-digit or
# letter-digit-letter), six characters or more.
_CODE = re.compile(
    r"(?<![\w\-./@])(?=[A-Z0-9]{6,}(?![\w\-@]))"
    r"(?:\d+[A-Z]+\d|[A-Z]+\d+[A-Z])[A-Z0-9]*(?![\w\-@])"
)


# A reference of capitals, then digit groups joined by hyphens ("INV-2024-0456",
# "CVE-2024-1234", "SKU-48213"): the letters as they are (the acronym speller spells them),
# each group digit by digit. One short group ("COVID-19", "F-16") is a name, not a code.
_HYPHENATED = re.compile(r"(?<![\w\-./@])([A-Z]{2,5})((?:-\d{2,8}){1,3})(?![\w\-@]|[.,]\d)")


def _hyphenated(m: re.Match[str], lang: str) -> str:
    groups = m.group(2).split("-")[1:]
    if len(groups) == 1 and len(groups[0]) < 3:
        return m.group()
    said = [_digits(g, lang) for g in groups]
    if None in said:
        return m.group()
    return " ".join([m.group(1), *said])  # type: ignore[list-item]


# An IBAN ("NL91 ABNA 0417 1643 00", "DE89370400440532013000"): its country, check digits
# and account, character by character, in the groups of four it is printed in.
_IBAN = re.compile(
    r"(?<![\w-])([A-Z]{2}\d{2})((?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)(?![\w-])"
)


def _iban(m: re.Match[str], lang: str) -> str:
    compact = (m.group(1) + m.group(2)).replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return m.group()
    groups = [compact[i : i + 4] for i in range(0, len(compact), 4)]
    said = []
    for group in groups:
        parts = re.findall(r"\d+|[A-Z]+", group)
        words = [_digits(part, lang) if part.isdigit() else " ".join(part) for part in parts]
        if None in words:
            return m.group()
        said.append(" ".join(words))  # type: ignore[arg-type]
    return ", ".join(said)


# A one-time code, PIN or TAN after the word that names it ("Ihr Code lautet 482913",
# "Votre code est 482 913", "Ваш код: 4829"): digit by digit in its printed groups, from
# four digits on. The languages that read their codes in their own module (en, the
# Nordic, Central Slavic, ja, ko, tr, hu, ro, el, id, vi, lt, lv) are not listed.
_ONE_TIME_CODE_WORDS = {
    "de": r"(?!post)\w*code|PIN|TAN|Einmalpasswort",
    "fr": r"code(?: de (?:vérification|confirmation|sécurité|validation))?|PIN"
    r"|mot de passe (?:à usage unique|temporaire)",
    "es": r"código(?: de (?:verificación|confirmación|seguridad|acceso))?|clave|PIN",
    "it": r"codice(?: di (?:verifica|conferma|sicurezza))?|PIN|OTP",
    "pt": r"código(?: de (?:verificação|confirmação|segurança|acesso))?|senha|PIN",
    "nl": r"(?!post)\w*code|PIN",
    "pl": r"kod(?: (?:weryfikacyjny|potwierdzający|SMS|BLIK))?|PIN|hasło jednorazowe",
    "ru": r"код(?: (?:подтверждения|доступа|проверки))?|пароль|PIN|ПИН",
    "uk": r"код(?: (?:підтвердження|доступу|перевірки))?|пароль|PIN|ПІН",
    "ar": r"رمز|الرمز|رمزك|كود|الكود|كودك|كلمة المرور|كلمة السر|الرقم السري|الرقم السرّي|"
    r"الرقم البريدي|OTP|PIN",
    "hi": r"OTP|PIN|ओटीपी|पिन|पासवर्ड|कोड|एमपिन|MPIN|CVV",
}
# What may follow the word in a language before the digits, besides a colon: Arabic names
# the code with up to three words before "هو" ("رمز التحقق الخاص بك هو"), Hindi ends with है.
_CODE_LINK_OF = {
    "ar": r"(?:\s+[^\W\d_]+){0,3}?(?:\s*(?:هو|هي))?",
    "hi": r"(?:\s*(?:है|हैं))?",
}
_CODE_LINK = r"(?:\s+(?:ist|lautet|est|es|è|é|is|to|je|jest|будет|:)|\s*:|\s+OTP|\s+SMS){0,2}\s*"


@functools.cache
def _one_time_code_pattern(lang: str) -> re.Pattern[str] | None:
    words = _ONE_TIME_CODE_WORDS.get(lang)
    if words is None:
        return None
    return re.compile(
        rf"(?<!\w)((?:{words}){_CODE_LINK_OF.get(lang, '')}{_CODE_LINK})"
        rf"(\d{{2,8}}(?:[ -]\d{{2,4}}){{0,2}})"
        rf"(?![\w.,/]\d|\w){_NOT_AMOUNT}",
        re.IGNORECASE,
    )


def _one_time_code(m: re.Match[str], lang: str) -> str:
    said = read_in_groups(m.group(2), lang, range(4, 13))
    return m.group() if said is None else m.group(1) + said


_FIVE_DIGITS = re.compile(r"\d{5}")


@functools.cache
def _id_pattern(lang: str) -> re.Pattern[str] | None:
    words = _ID_WORDS.get(lang)
    if words is None:
        return None
    return re.compile(
        rf"(?<!\w)((?:{words}){_LINK})(\d{{5,}})(?![\w.,/\-]\d|\w){_NOT_AMOUNT}", re.IGNORECASE
    )


def _digits(run: str, lang: str) -> str | None:
    return numbers.digit_by_digit(run, lang)


def read_in_groups(run: str, lang: str, digits: range | None = None) -> str | None:
    """An identifier as printed ("123.456.789", "0417 1643"): each group of digits digit by
    digit, a pause (comma) between groups; None where its digit count is outside `digits`
    (a tax number has a known length) or a digit has no word."""
    groups = [group for group in re.split(r"[. /-]+", run) if group]
    if digits is not None and sum(len(group) for group in groups) not in digits:
        return None
    said = [_digits(group, lang) for group in groups]
    return None if None in said else ", ".join(said)  # type: ignore[arg-type]


def _hash(m: re.Match[str], word: str, lang: str) -> str:
    digits = _digits(m.group(1), lang) or m.group(1)
    before = m.string[max(0, m.start() - len(word) - 1) : m.start()].strip().lower()
    return digits if before == word.lower() else f"{word} {digits}"  # "Order number #45821"


def _identifier(m: re.Match[str], lang: str) -> str:
    lead = m.group(1)
    word = _NUMBER_WORD.get(lang)
    if word is not None and lead.rstrip().endswith("#"):
        head = lead.rstrip()[:-1]
        # "Order #45821": "Order number"; "Order number #45821" says it once
        said_already = head.rstrip().lower().endswith(word.lower())
        lead = head if said_already else head + word + " "
    return lead + (_digits(m.group(2), lang) or m.group(2))


def _code(m: re.Match[str], lang: str) -> str:
    parts = re.findall(r"\d+|[A-Z]+", m.group())
    said = []
    for part in parts:
        if part.isdigit():
            words = _digits(part, lang)
            if words is None:
                return m.group()
            said.append(words)
        else:
            said.append(" ".join(part))
    return " ".join(said)


def read(text: str, lang: str) -> str:
    """`text` with its identifiers and codes said character by character."""
    if not any(ch.isdigit() for ch in text) or lang in ("ja", "ko"):
        return text
    text = _IBAN.sub(lambda m: _iban(m, lang), text)
    one_time = _one_time_code_pattern(lang)
    if one_time is not None:
        text = one_time.sub(lambda m: _one_time_code(m, lang), text)
    pattern = _id_pattern(lang)
    if pattern is not None and _FIVE_DIGITS.search(text):
        text = pattern.sub(lambda m: _identifier(m, lang), text)
    if "#" in text:
        word = _NUMBER_WORD.get(lang)
        if word is not None:
            text = _HASH.sub(lambda m: _hash(m, word, lang), text)
    if "-" in text:
        text = _HYPHENATED.sub(lambda m: _hyphenated(m, lang), text)
    return _CODE.sub(lambda m: _code(m, lang), text)
