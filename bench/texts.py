"""The benchmark's texts: fixed English prose with numbers, identical for every run.

Numbers matter: our engine spells them out before synthesis and the official package
does not, so the same input gives the two a different amount of speech. Rates (RTF)
are per second of audio for that reason, and every result records its audio length.
"""

from __future__ import annotations

import random

# ~60 characters: one short app-style sentence, the latency case.
SHORT = "Your order of 3 books ships today and arrives by Friday."

_PARAGRAPHS = (
    "The city council met on Tuesday evening to review the budget for 2025. "
    "After 3 hours of debate, members approved 14 of the 18 proposals, including "
    "a plan to repair 42 kilometers of road and to open 2 new libraries. The mayor "
    "said the total cost would reach 7.5 million dollars, about 12 percent more than "
    "last year. Residents who spoke asked for longer opening hours, safer crossings "
    "near the 6 primary schools, and a clear timeline for the work.",
    "In the laboratory, the team spent 6 weeks measuring how quickly the new battery "
    "lost its charge at different temperatures and loads. "
    "At 20 degrees, it kept 95 percent of its capacity after 500 cycles; at 40 degrees, "
    "that figure fell to 81 percent. The lead engineer explained that heat speeds up "
    "the side reactions inside each cell, so the pack now includes a small fan and 4 "
    "temperature sensors. The next prototype, due in March, should weigh 300 grams less.",
    "Maria started running at the age of 35, when a friend convinced her to join a "
    "5 kilometer race. She finished in 38 minutes and was hooked. Two years later she "
    "completed her first marathon in 4 hours and 12 minutes, and last spring she ran "
    "the same course in 3 hours and 49 minutes. Her advice is simple: sleep at least "
    "7 hours, increase your weekly distance by no more than 10 percent, and rest "
    "whenever something hurts.",
    "The museum's new wing displays 230 objects from the early days of aviation, "
    "including a propeller carved by hand in 1911 and a cockpit that visitors can sit "
    "in. Tickets cost 15 dollars for adults and 8 dollars for children under 12. On "
    "the first weekend, more than 6,000 people came through the doors, and the cafe "
    "ran out of sandwiches by 2 in the afternoon.",
    "Our support team answers most questions within 24 hours. If your device does not "
    "turn on, hold the power button for 10 seconds, then plug it in for at least 30 "
    "minutes before trying again. Orders placed before noon ship the same day, and "
    "returns are free for 60 days. For anything else, write to us and include the "
    "8 digit number printed on the back of the box.",
    "Every autumn, millions of birds fly south along the coast. Volunteers at the "
    "station count them from 6 in the morning until sunset, and on a good day they "
    "record more than 20,000 birds of 90 different species. The data, collected since "
    "1987, shows that some species now leave about 9 days later than they did 30 "
    "years ago, which scientists link to warmer autumns.",
    "The recipe serves 4 people and takes about 45 minutes. Heat 2 tablespoons of oil "
    "in a large pan, add 1 chopped onion and cook it for 5 minutes until soft. Stir "
    "in 400 grams of tomatoes, a pinch of salt and half a teaspoon of sugar, then let "
    "the sauce simmer for 20 minutes. Meanwhile, boil 350 grams of pasta in plenty of "
    "salted water, drain it, and toss it with the sauce and a handful of fresh basil.",
    "When the old factory closed in 1998, nearly 1,200 people lost their jobs. Twenty "
    "years later, the building houses 65 small companies, a climbing gym and a weekly "
    "market that draws about 3,000 visitors every Saturday. The owners kept the brick "
    "walls, the iron beams and the tall windows, and they added solar panels that "
    "cover roughly 40 percent of the power the tenants use.",
)

CORPUS = " ".join(_PARAGRAPHS)


def _cut(text: str, limit: int) -> str:
    """At most `limit` characters, ending at a sentence when one ends late enough,
    else at a word, so no text ends in the middle of a word or a number."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    sentence_end = head.rfind(". ")
    if sentence_end >= limit * 0.8:
        return head[: sentence_end + 1]
    return head[: head.rfind(" ")].rstrip(",")


# ~600 characters: a typical paragraph-sized request (two paragraphs, cut at a sentence).
MEDIUM = _cut(CORPUS, 610)
# ~3,000 characters: a long article, the memory worst case the targets name.
LONG = _cut(CORPUS, 3050)

TEXTS: dict[str, str] = {"60": SHORT, "600": MEDIUM, "3000": LONG}
# ~20,000 characters: a chapter uploaded for batch narration (the corpus, paragraphs
# separated as in a text file, repeated).
BOOK = _cut("\n\n".join(_PARAGRAPHS * (20_000 // len(CORPUS) + 1)), 20_000)


def random_text(rng: random.Random, shortest: int, longest: int) -> str:
    """A run of the corpus of a random length in [shortest, longest], starting at a word."""
    target = rng.randint(shortest, longest)
    starts = [0] + [i + 1 for i, ch in enumerate(CORPUS) if ch == " "]
    start = rng.choice(starts)
    text = (CORPUS[start:] + " " + CORPUS)[: target + 40]
    cut = _cut(text, target)
    return cut if len(cut) >= shortest else text[:target]


# `python -m bench turn`: an agent's replies of ~60, ~120 and ~200 characters.
TURN_STEPS = 8
TURN_SPEED = 1.05
TURN_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "60": "Sure, I can help with that. What time works best for you?",
        "120": "Of course. I found three flights to Lisbon tomorrow morning; "
        "the earliest leaves at seven and costs a little less.",
        "200": "Thanks for waiting. Your order has shipped, and it should arrive on "
        "Thursday between nine and noon. I have sent the tracking link to your e-mail, "
        "so you can follow it along the way.",
    },
    "de": {
        "60": "Gern, das mache ich sofort. Wann passt es Ihnen am besten?",
        "120": "Natürlich. Ich habe drei Flüge nach Lissabon für morgen früh "
        "gefunden; der erste startet um sieben und ist günstiger.",
        "200": "Danke für Ihre Geduld. Ihre Bestellung ist unterwegs und kommt am "
        "Donnerstag zwischen neun und zwölf Uhr an. Den Link zur Sendungsverfolgung "
        "habe ich Ihnen per E-Mail geschickt.",
    },
    "ja": {
        "60": "かしこまりました、すぐに確認いたします。"
        "ご希望の日時はございますか。午前と午後のどちらがよろしいでしょうか。",
        "120": "承知しました。明日の朝のリスボン行きの便が三つ見つかりました。"
        "一番早い便は七時に出発し、料金も少しお安くなっています。"
        "どちらになさいますか。ご希望があればお知らせください。"
        "座席の指定や手荷物の追加も、こちらで承ることができます。どうぞお申し付けください。",
        "200": "お待たせいたしました。ご注文の商品は本日発送され、木曜日の午前九時から"
        "正午の間にお届けの予定です。追跡用のリンクをメールでお送りしましたので、"
        "配送の状況はそちらからいつでもご確認いただけます。ほかにご不明な点があれば、"
        "どうぞお気軽にお尋ねください。お届け日時の変更をご希望の場合は、"
        "前日の午後六時までにお知らせいただければ、こちらで手配いたします。"
        "また、置き配をご希望の場合は、玄関前や宅配ボックスなどの場所をご指定ください。"
        "今後ともどうぞよろしくお願いいたします。",
    },
    "ko": {
        "60": "네, 바로 도와드리겠습니다. 언제가 가장 편하신가요? 오전과 오후 중 "
        "편하신 시간을 말씀해 주세요.",
        "120": "물론입니다. 내일 아침 리스본행 항공편을 세 개 찾았습니다. 가장 이른 "
        "비행기는 일곱 시에 출발하며 요금도 조금 더 저렴합니다. 어느 것으로 하시겠어요? "
        "좌석 지정과 수하물 추가도 도와드릴 수 있습니다.",
        "200": "기다려 주셔서 감사합니다. 주문하신 상품은 오늘 발송되었으며 목요일 오전 "
        "아홉 시에서 정오 사이에 도착할 예정입니다. 배송 조회 링크를 이메일로 보내 "
        "드렸으니 언제든지 확인하실 수 있습니다. 궁금한 점이 있으시면 편하게 "
        "물어봐 주세요. 배송 날짜를 바꾸고 싶으시면 전날 오후 여섯 시까지 알려 주시면 "
        "바로 처리해 드리겠습니다. 문 앞이나 택배함에 두기를 원하시면 장소를 알려 주세요.",
    },
}
