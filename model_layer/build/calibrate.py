# ruff: noqa: RUF001  (sentences in 31 languages are the data here)
"""Measure every preset voice's loudness once, at image build, and store the gain table.

    python -m model_layer.build.calibrate MODEL_DIR [--target-lufs -16] [--true-peak-dbtp -1]

Each preset reads the fixed calibration set below (one everyday sentence in each of the
31 languages, each with its own fixed seed, default speed and steps); the integrated
loudness (ITU-R BS.1770, pyloudnorm) of all of it together is the voice's loudness. The
gain is then refined once through the limiter, so what the limiter takes off the peaks
at the target is made up for. The table goes to MODEL_DIR/loudness.json and the build log
gets each voice's loudness and the spread between the quietest and the loudest.

Run where the real weights are (the Dockerfile's model stage): the table is only as true
as the graphs it was measured on.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from model_layer.audio.loudness import (
    GainTable,
    Leveling,
    VoiceLoudness,
    db_to_gain,
    integrated_loudness,
    level,
    style_digest,
    write_gain_table,
)
from model_layer.constants import DEFAULT_SPEED, DEFAULT_STEPS

DEFAULT_TARGET_LUFS = -16.0
DEFAULT_TRUE_PEAK_DBTP = -1.0
CALIBRATION_SEED = 20261204

# One sentence per language, plain everyday speech of ~50-80 characters; fixed, so a
# rebuild measures the same thing. Texts used to check the result are kept apart (tests).
CALIBRATION_TEXTS: dict[str, str] = {
    "en": "The library opens at nine, so we can meet there before class.",
    "ko": "오늘 저녁에는 가족과 함께 맛있는 음식을 먹을 거예요.",
    "ja": "明日の朝は早く起きて、駅まで歩いて行くつもりです。",
    "ar": "نذهب إلى السوق كل صباح لشراء الخبز والفواكه الطازجة.",
    "bg": "Утре ще отидем на разходка в планината с приятели.",
    "cs": "Zítra ráno pojedeme vlakem k babičce na venkov.",
    "da": "Vi skal spise middag hos mine forældre på søndag.",
    "de": "Morgen früh fahren wir mit dem Zug zu meiner Großmutter.",
    "el": "Αύριο το πρωί θα πάμε βόλτα στην παραλία με τους φίλους μας.",
    "es": "Mañana por la mañana iremos al mercado a comprar fruta fresca.",
    "et": "Homme hommikul sõidame rongiga vanaema juurde maale.",
    "fi": "Huomenna aamulla menemme junalla isoäidin luokse maalle.",
    "fr": "Demain matin, nous irons au marché acheter des fruits frais.",
    "hi": "कल सुबह हम अपने दोस्तों के साथ बाज़ार जाएंगे।",
    "hr": "Sutra ujutro idemo vlakom kod bake na selo.",
    "hu": "Holnap reggel vonattal megyünk a nagymamához vidékre.",
    "id": "Besok pagi kami akan pergi ke pasar untuk membeli buah segar.",
    "it": "Domani mattina andremo al mercato a comprare la frutta fresca.",
    "lt": "Rytoj ryte traukiniu važiuosime pas močiutę į kaimą.",
    "lv": "Rīt no rīta mēs brauksim ar vilcienu pie vecmāmiņas uz laukiem.",
    "nl": "Morgenochtend gaan we met de trein naar oma op het platteland.",
    "pl": "Jutro rano pojedziemy pociągiem do babci na wieś.",
    "pt": "Amanhã de manhã vamos ao mercado comprar frutas frescas.",
    "ro": "Mâine dimineață mergem cu trenul la bunica la țară.",
    "ru": "Завтра утром мы поедем на поезде к бабушке в деревню.",
    "sk": "Zajtra ráno pôjdeme vlakom k babke na vidiek.",
    "sl": "Jutri zjutraj gremo z vlakom k babici na podeželje.",
    "sv": "I morgon bitti åker vi tåg till mormor på landet.",
    "tr": "Yarın sabah trenle köydeki büyükannemi ziyaret edeceğiz.",
    "uk": "Завтра вранці ми поїдемо потягом до бабусі в село.",
    "vi": "Sáng mai chúng tôi sẽ đi tàu về quê thăm bà ngoại.",
}


def voice_audio(
    synthesizer: object, voice: str, texts: dict[str, str], *, seed: int = CALIBRATION_SEED
) -> list[np.ndarray]:
    """Each calibration text read by `voice`, unlevelled and unclipped (gain 1, no
    ceiling), with its own fixed seed."""
    from model_layer.synthesizer import Synthesizer

    assert isinstance(synthesizer, Synthesizer)
    unlevelled = Leveling(gain=1.0, ceiling=float("inf"))
    pieces = []
    for index, (lang, text) in enumerate(sorted(texts.items())):
        plan = synthesizer.plan(
            text,
            voice=voice,
            lang=lang,
            speed=DEFAULT_SPEED,
            steps=DEFAULT_STEPS,
            seed=seed + index,
            loudness="raw",
        )
        plan = replace(plan, leveling=unlevelled)
        pieces.extend(synthesizer.stream(plan))
    return pieces


def measure_voice(
    pieces: Sequence[np.ndarray], sample_rate: int, target_lufs: float, ceiling_dbtp: float
) -> tuple[float, float]:
    """(raw loudness, gain in dB that puts the levelled, limited audio at the target)."""
    loudness = integrated_loudness(np.concatenate(pieces), sample_rate)
    gain_db = target_lufs - loudness
    ceiling = db_to_gain(ceiling_dbtp)
    # The limiter takes a little off the peaks; two passes make up for it.
    for _ in range(2):
        leveling = Leveling(db_to_gain(gain_db), ceiling)
        levelled = np.concatenate([level(p, leveling, sample_rate) for p in pieces])
        gain_db += target_lufs - integrated_loudness(levelled, sample_rate)
    return loudness, gain_db


def calibrate(
    model_dir: Path,
    *,
    target_lufs: float = DEFAULT_TARGET_LUFS,
    true_peak_dbtp: float = DEFAULT_TRUE_PEAK_DBTP,
    texts: dict[str, str] | None = None,
    log: object = print,
) -> GainTable:
    """Measure every preset of the model in `model_dir` and write its gain table."""
    import model_layer
    from model_layer.settings import EngineSettings

    texts = texts or CALIBRATION_TEXTS
    # No warm-up and no language identifier: every text names its language.
    settings = EngineSettings(warmup=False, language_identifier=False)
    synthesizer = model_layer.load(model_dir, settings)
    entries = []
    for name, style in sorted(synthesizer.voices.items()):
        started = time.perf_counter()
        pieces = voice_audio(synthesizer, name, texts)
        loudness, gain_db = measure_voice(
            pieces, synthesizer.sample_rate, target_lufs, true_peak_dbtp
        )
        entries.append(VoiceLoudness(name, style_digest(style), loudness, gain_db))
        log(  # type: ignore[operator]
            f"calibrate: {name}: {loudness:.2f} LUFS raw, gain {gain_db:+.2f} dB "
            f"({time.perf_counter() - started:.1f} s)"
        )
    table = GainTable(target_lufs, true_peak_dbtp, synthesizer.revision, tuple(entries))
    path = write_gain_table(model_dir, table)
    levels = [e.loudness_lufs for e in entries]
    log(  # type: ignore[operator]
        f"calibrate: {len(entries)} voices, {len(texts)} languages: raw loudness "
        f"{min(levels):.2f} to {max(levels):.2f} LUFS (spread {max(levels) - min(levels):.2f} LU); "
        f"target {target_lufs} LUFS, ceiling {true_peak_dbtp} dBTP; wrote {path}"
    )
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m model_layer.build.calibrate",
        description="Measure each preset voice's loudness and write MODEL_DIR/loudness.json.",
    )
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--target-lufs", type=float, default=DEFAULT_TARGET_LUFS)
    parser.add_argument("--true-peak-dbtp", type=float, default=DEFAULT_TRUE_PEAK_DBTP)
    args = parser.parse_args(argv)
    calibrate(args.model_dir, target_lufs=args.target_lufs, true_peak_dbtp=args.true_peak_dbtp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
