"""Indonesian everyday shapes that were read as quantities or left as symbols (used by id
only):

- a one-time code, PIN or account number ("Kode OTP Anda 482913", "No. rekening BCA
  1234567890", "VA 8808 1234 5678") is read digit by digit in its written groups;
- an NPWP ("09.254.294.3-407.000") likewise, group by group;
- a five-digit call centre ("Call center 14045", "1500 888") is dialled, not counted;
- "3 x sehari", "2x seminggu": so many times ("tiga kali sehari");
- "Rp 10.000 - Rp 20.000", "Rp 10-20 ribu": the dash between two amounts is "sampai";
- "Rp 250.000,00": the zero sen are not said;
- "min. Rp 100.000", "maks. 3 orang", "pk. 08.00", "Kav. 52", "no. 12", "Tgl 5": the
  short forms said as words, with no period left to pause on.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.shapes.codes import read_in_groups

# The key word, then at most three words ("OTP Anda", "rekening BCA"), perhaps "adalah"
# or a colon; the digits in at most four written groups. "Rp" is never one of the words:
# "token Rp 20000" is an amount.
_CODE = re.compile(
    r"(?<!\w)(?i:kode(?:nya)?|OTP|PIN|token|sandi|password|rekening|no\.?\s?rek\.?|norek|VA|"
    r"virtual\saccount)(?:\s(?!(?i:rp|idr)\b)[^\W\d_]+\.?){0,3}(?:\s?:)?\s?"
    r"(\d{4,20}(?:[ -]\d{2,6}){0,3})(?![\w.,]\d|\w)"
    r"(?!\s?(?:%|(?i:rp|rupiah|kwh|kg|gb)\b))"
)
_NPWP = re.compile(r"(?<![\w.])(\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3})(?![\w.]?\d)")
_CALL_CENTRE = re.compile(
    r"(?<!\w)((?i:call\s?center|hubungi|telepon|telp\.?|layanan|hotline|halo)\s?:?\s?)"
    r"(14\d{3}|1500[\s-]?\d{3})(?![\w.,]?\d)"
)
_TIMES = re.compile(
    r"(?<![\w.,])(\d{1,2})\s?[x\u00d7]\s?(?=(?:se(?:hari|minggu|bulan|tahun)|per|dalam)(?!\w))"
)
_NUMBER = r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?"
_RP_RANGE = re.compile(
    rf"(?<!\w)(Rp\.?\s?)({_NUMBER})(?:,-)?\s?[-\u2013]\s?(?:Rp\.?\s?)?(?=(?:{_NUMBER})(?!\w))"
)
_ZERO_SEN = re.compile(r"(?<!\w)(Rp\.?\s?\d{1,3}(?:\.\d{3})*),00(?!\d)")
_SHORT_FORMS = (
    (re.compile(r"(?<![\w.])min\.(?=\s(?:Rp|\d))"), "minimal"),
    (re.compile(r"(?<![\w.])[Mm]aks\.(?=\s(?:Rp|\d))"), "maksimal"),
    (re.compile(r"(?<![\w.])[Pp]k\.(?=\s\d)"), "pukul"),
    (re.compile(r"(?<![\w.])Kav\.(?=\s\d)"), "kaveling"),
    (re.compile(r"(?<![\w.])no\.(?=\s\d)"), "nomor"),
    (re.compile(r"(?<![\w.])Tgl\.?(?=\s\d)"), "Tanggal"),
)


_SCALE_AFTER = re.compile(rf"(?:{_NUMBER})\s?(?:rb|ribu|jt|juta|miliar|M)(?!\w)")


def _rp_range(m: re.Match[str]) -> str:
    # "Rp 10-20 ribu": the scale of the second amount is the first's too ("sepuluh sampai
    # dua puluh ribu rupiah"), so the first is no amount of rupiah on its own.
    if _SCALE_AFTER.match(m.string, m.end()):
        return f"{m.group(2)} sampai Rp "
    return f"{m.group(1)}{m.group(2)} sampai Rp "


def _digits(run: str) -> str:
    said = read_in_groups(run, "id")
    return run if said is None else said


def everyday(text: str) -> str:
    if any(c.isdigit() for c in text):
        text = _NPWP.sub(lambda m: _digits(m.group(1)), text)
        text = _CODE.sub(lambda m: m.group()[: m.start(1) - m.start()] + _digits(m.group(1)), text)
        text = _CALL_CENTRE.sub(
            lambda m: (
                m.group(1)
                + (numbers.digit_by_digit(re.sub(r"\D", "", m.group(2)), "id") or m.group(2))
            ),
            text,
        )
        text = _TIMES.sub(lambda m: f"{m.group(1)} kali ", text)
        text = _ZERO_SEN.sub(r"\1", text)
        text = _RP_RANGE.sub(_rp_range, text)
    for pattern, said in _SHORT_FORMS:
        text = pattern.sub(said, text)
    return text
