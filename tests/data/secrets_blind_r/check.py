"""Validate the sealed secrets_blind_r corpus and print its counts.

Adapted from secrets_blind_q/check.py for corpus R (written 2026-12-07, after
Q, to be used once Q is spent). R keeps Q's field conventions, caps and every
check Q's validator makes (no ``card`` span of 13-19 digits, native digits
folded, may pass the Luhn check; no IBAN-shaped span may pass the ISO 13616
mod-97 check; Unicode-aware token edges and a digit-folded comparison for
secrets reappearing in benign rows; no secret value in two secret rows; no
duplicated message; every kind in every style; each style at least 25 % of
the secret rows; at most 10 ``postal_code`` benign rows; at most 2 % of the
password rows with a ``Word#Place9``-shaped span; no well-known textbook
example value; language caps; a hard-kind share of at least a third).

Changes compared with Q's validator:

* ids are ``r0001`` ... and ``rb0001`` ...;
* it reports the languages not used by corpus Q (``Q_LANGS``, from Q's
  README counts table) and those used by none of O, P and Q;
* the languages R uses that none of the earlier validators knew are added
  (names, less-common list, native scripts): Egyptian, Moroccan and
  Levantine Arabic, Western Punjabi in Shahmukhi, Hokkien and Shanghainese
  in Han characters, Rusyn, Meadow Mari, Erzya, Bodo, Marwari,
  Chhattisgarhi, Sylheti, Aragonese, Lombard, Neapolitan, Gagauz and Cape
  Verdean Creole;
* it carries R's situation-word exclusions (``R_EXCLUDED_SITUATION_WORDS``:
  Q's list plus every word of Q's situations as Q's README lists them) and
  ``situation_label_clash`` now uses that list. Situation labels are not
  stored in the rows, so this file cannot re-check them; it only prints the
  size of the list;
* the minimum sizes are set so that R is at least as wide as Q was: >= 700
  secret rows, >= 730 spans, >= 154 languages with secret rows (Q had 154)
  of which >= 127 less-common ones and >= 62 in their native non-Latin
  script (Q: 127 and 62), >= 100 English secret rows, >= 370 benign rows in
  >= 150 languages and >= 170 benign rows of the hard kind; and at least 20
  secret languages not used by Q.

Usage: python check.py [corpus_dir] [--markdown]

Exits non-zero on any error. Only counts are printed, never row text. With
``--markdown`` the counts are also printed as the Markdown tables used in
README.md (still counts only).
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

KINDS: frozenset[str] = frozenset(
    {
        "password",
        "pin",
        "passphrase",
        "otp",
        "recovery_phrase",
        "card",
        "cvv",
        "bank_account",
        "national_id",
        "tax_id",
        "passport",
        "door_code",
        "safe_code",
        "security_answer",
        "api_key",
        "private_key",
        "other",
    },
)
STYLES: frozenset[str] = frozenset({"direct", "casual", "indirect"})
SECRET_FIELDS: tuple[str, ...] = ("id", "lang", "kind", "style", "text", "secrets")
BENIGN_FIELDS: tuple[str, ...] = ("id", "lang", "kind", "text", "secrets")
LANG_RE = re.compile(r"^[a-z]{2,3}$")  # ISO 639-1, else ISO 639-3
SECRET_ID_RE = re.compile(r"^r\d{4}$")
BENIGN_ID_RE = re.compile(r"^rb\d{4}$")
# Languages / scripts counted as less common for the size requirement.
LESS_COMMON: frozenset[str] = frozenset(
    {
        "am",
        "ka",
        "hy",
        "km",
        "lo",
        "my",
        "si",
        "ne",
        "tl",
        "yo",
        "zu",
        "is",
        "eu",
        "cy",
        "mt",
        "kk",
        "uz",
        "mn",
        "ta",
        "te",
        "ml",
        "pa",
        "ur",
        "he",
        "fa",
        "ga",
        "sq",
        "af",
        "et",
        "lt",
        "lv",
        "sl",
        "az",
        "ha",
        # added for corpus G
        "gl",
        "lb",
        "eo",
        "bs",
        "mk",
        "be",
        "ky",
        "tg",
        "ps",
        "ku",
        "mr",
        "gu",
        "kn",
        "jv",
        "ig",
        "xh",
        "so",
        "rw",
        "mg",
        "ht",
        "mi",
        # added for corpus H
        "br",
        "fy",
        "gd",
        "oc",
        "co",
        "la",
        "fo",
        "rm",
        "yi",
        "se",
        "ti",
        "om",
        "sn",
        "st",
        "tn",
        "wo",
        "ln",
        "lg",
        "ny",
        "ak",
        "ee",
        "rn",
        "or",
        "as",
        "sd",
        "dv",
        "tt",
        "ba",
        "ug",
        "tk",
        "su",
        "sm",
        "to",
        "fj",
        "qu",
        "gn",
        "ay",
        # added for corpus J (languages new compared with H and I)
        "ceb",
        "hmn",
        "ilo",
        "ts",
        "ve",
        "bm",
        "ff",
        "sa",
        "mai",
        "bho",
        "kok",
        "cv",
        "os",
        "sah",
        "sc",
        "fur",
        "lad",
        "tpi",
        "bi",
        "ch",
        "kl",
        # added for corpus P (languages new compared with O)
        "ast",
        "nds",
        "gsw",
        "szl",
        "hsb",
        "crh",
        "tet",
        "min",
        "ban",
        "war",
        "hil",
        "pam",
        "haw",
        "pap",
        "mfe",
        "jam",
        "ki",
        "luo",
        "bem",
        "nd",
        "ss",
        "kab",
        "nv",
        "nah",
        "yua",
        "bo",
        "dz",
        "ckb",
        "ce",
        "bua",
        "new",
        "doi",
        "tcy",
        "iu",
        "zgh",
        # added for corpus Q (languages new compared with O and P)
        "pcm",
        "sco",
        "li",
        "wa",
        "vec",
        "scn",
        "csb",
        "kw",
        "gv",
        "yue",
        "prs",
        "awa",
        "udm",
        "kv",
        "tyv",
        # added for corpus R (languages no earlier validator knew)
        "arz",
        "ary",
        "apc",
        "pnb",
        "nan",
        "wuu",
        "rue",
        "mhr",
        "myv",
        "brx",
        "mwr",
        "hne",
        "syl",
        "an",
        "lmo",
        "nap",
        "gag",
        "kea",
        # added for corpus I (named as less common in its brief)
        "sw",
        "el",
        "cs",
        "vi",
        "th",
        "id",
        "ro",
        "ca",
    },
)
# Languages of corpus N (from its README counts table); O reports which of its languages are new.
N_LANGS: frozenset[str] = frozenset(
    "en de es fr hi it ja nl pl pt ru ar ko tr zh cs da el fa fi he hu id no ro sv sw th tl uk vi "
    "bn ms ta ur ca af am az be bg cy et eu ga gl gu hr hy is ka kk km kn lo lt lv mk ml mn mr my "
    "ne pa si sk sl sq sr te uz zu ak as ay ba br bs ceb co cv dv ee eo fj fo fy gd gn ha ht ig jv "
    "ku ky la lb lg ln mg mi mt ny oc om or os ps qu rm rw sa sah sd se sm sn so st su tg ti tk tn "
    "to tt ug wo xh yi yo".split(),
)
# Languages of corpus O (N's plus the 17 O added, from O's README); P reports which are new.
O_LANGS: frozenset[str] = N_LANGS | frozenset(
    "bho bi bm ch ff fur hmn ilo kl kok lad mai rn sc tpi ts ve".split(),
)
# O's situation-word exclusions: every word of N's situations as N's README lists them (its
# "Other situations" paragraph, incl. the countries named there), the words N's README says it
# relabelled or reworded, and the earlier corpora's words N's README quotes. No situation label
# of O may contain one of them (checked by the writer's script with situation_label_clash).
O_EXCLUDED_SITUATION_WORDS: frozenset[str] = frozenset(
    """glider hangar beekeeper beekeepers community radio transmitter hut observatory dome
    lighthouse museum hospice rota ferry crew mess vet clinic drug cabinet kennel room food bank
    ice rink model railway bell tower darts league chess bridge fishing farm shop honesty box kiln
    controller tractor immobiliser ev charger solar inverter drone 3d print greenhouse raspberry pi
    hearing aid app apps volunteer fire brigade brigades parents parent council councils housing
    co-operative co-operatives cooperative tenant board boards parish mosque temple gurdwara
    monastery namghar office offices kirmes tafel cofradía colla castellera txoko contrada hockey
    korfball halı saha kına gecesi chama arisan dugnad noson lawen fest-noz wedding gift gifts
    shagun moi chandlo chadivimpulu mừng cưới roora duit raya parcel locker lockers courier
    couriers gas cylinder delivery pharmacy totem totems packstation paczkomat e-devlet epuap
    elster spid cl@ve mitid philsys gov.br госуслуги тсж осбб borettslag grundejerforening
    germany czechia slovakia slovenia croatia escape cellar bakery lodge society flamenco dacha
    school vault console deposit furniture barbecue bike shed""".split(),
)


# P's situation-word exclusions: O's list plus every word of O's situations as O's README lists
# them (its "Other situations" paragraph). No situation label of P may contain one of them
# (checked by the writer's script with situation_label_clash).
P_EXCLUDED_SITUATION_WORDS: frozenset[str] = O_EXCLUDED_SITUATION_WORDS | frozenset(
    """sauna booking orchestra tour laptop quarry weighbridge vineyard harvest tablet rowing regatta
    sheet glassblowing studio film props planetarium podcast dashboard recording tattoo circus
    rafting houseboat mooring mountain refuge winter annex allotment gate coworking student dorm
    dorms hostel hostels theatre stage door care home visitor keypad timeshare cemetery records zoo
    keepers shifts kayak hire dental x-ray workstation forklift terminal trade fair stables cctv
    bowling alley till baby monitor blood donation moving company scholarship portal karting
    archery pottery course climbing wall router caravan park saunaverein schützenfest
    kleingartenanlage peña chiringuito comparsa fromagerie gîte sagra agriturismo 盆踊り 銭湯
    carnavalsvereniging ijssalon kgw associação moradores rancho folclórico садовое товарищество
    турбаза charity جمعية umrah 조기축구회 고시원 köy derneği simitçi 业主委员会 奶茶店 मोहल्ला समिति
    amateur kolonihave pølsevogn πανηγύρι هیئت kyläyhdistys moose-hunting party kibbutz zimmer
    szüreti bál karang taruna posyandu russebuss midsommar harambee send-off paluwagan hội đồng
    hương góp hụi puja pandal kenduri pongal festival dance committee committees eisteddfod
    þorrablót phum ganesh utsav vallam kali naadam perahera bathukamma bihu rath yatra sabantuy
    irreecha chhath""".split(),
)


# Languages of corpus P (from P's README counts table); Q reported which of its languages were new.
P_LANGS: frozenset[str] = frozenset(
    "en de ar es fr hi ja ko pt ru tr zh it nl pl fi sv bn cs da el fa he hu id ms no ro sw ta th "
    "tl uk ur vi af am az be bg bo ca ckb cy et eu ga gl gu hr hy is jam ka kk km kn lo lt lv mk ml "
    "mn mr my ne pa pap si sk sl sq sr te tet uz zu as ast ba ban bem br bua ce crh cv doi dv dz eo "
    "fy gd gsw haw hil hsb ht iu kab ki ky lb luo mfe mi min mt nah nd nds new nv or os pam ps qu "
    "sah sd sm ss szl tcy tg ti tt ug war yi yua zgh".split(),
)


# Q's situation-word exclusions: P's list plus every word of P's situations as P's README lists
# them (its "New situations" paragraph, the places of its repetition pass, the words P's README
# says it relabelled, its six relabelled labels and the groups named in its shared plans), with
# hyphenated words also split into their parts. Short function words (of, in, de, di, при, and)
# are left out. No situation label of Q may contain one of them (checked by the writer's script
# with situation_label_clash).
Q_EXCLUDED_SITUATION_WORDS: frozenset[str] = P_EXCLUDED_SITUATION_WORDS | frozenset(
    """lifeboat station tram depot pawnbroker choir score archive translation agency brewery mash
    tun pigeon-racing pigeon racing federation boatyard notary notary's scanner auction house
    newsroom wire login dialysis unit heat pump yacht charter library staff pc fleet fuel card
    laundrette church hall side entrance jeweller jeweller's safe tyre fitter self-storage self
    storage dog-sitter dog-sitter's dog sitter notes house-sitting sitting letter männerchor
    pegelmessung peluquería médiathèque cabinet kiné ferramenta palestra kringloop till koło
    gospodyń barbearia хор дк fishermen fishermen's harbour computer neighbourhood reading room
    町内会 문화센터 合唱团 halk oyunları ekibi rybářský spolek hiihtokeskus koperasi simpan pinjam
    sjöräddning пласт курінь spejdertrop מתנ"ס néptánccsoport bygdelag barangay tanod cricket team
    yakshagana kolatam troupes troupe dhol-tasha dhol tasha pathak garba mandal goldsmith
    goldsmith's तिजोरी muğam ensemble côr meibion txistulari group klapa bagad kapa haka hālau
    hula grupo tambú rumah gadang sanggar randai llagar boarding iloilo sound system carpentry
    workshop motorbike repair shop garage co-operative fuel-station corner barber barber's dhaba
    cider tablet portal laptop gate bank app cabinet box fire locker shed controller router
    booking chama sms kód rodné číslo engangskode iban код código band""".split(),
)


# Languages of corpus Q (from Q's README counts table); R reports which of its languages are new.
Q_LANGS: frozenset[str] = frozenset(
    "en ar de es fr hi it ja ko ru tr zh pt el id nl pl sv vi cs da fi he hu no ro sw th tl uk bn "
    "fa ms ta ur ca cy eu ga is af am az be bg bs ceb ckb et gl gu ha hr ht hy ig jv ka kk km kn ku "
    "ky lo lt lv mk ml mn mr my ne pa pcm prs si sk sl so sq sr te uz yo yue zu mt ak as awa ba bho "
    "bo br ce co csb cv dv eo fo fy gd gn gsw gv ilo kok kv kw la lad lb li ln mai mg mi nds oc om "
    "or os pap ps qu rm rw sa sah sc scn sco sd se sm sn st su tg ti tk tn to tpi tt tyv udm ug vec "
    "wa wo xh yi".split(),
)


# R's situation-word exclusions: Q's list plus every word of Q's situations as Q's README lists
# them (its "Other situations" paragraph, the places of its repetition pass, the words and labels
# Q's README says it relabelled, the situations of its shapes of telling and borderline rows, and
# the groups named in its shared plans), with hyphenated words also split into their parts.
# Short function words (a, an, the, of, in, at, and, up) and one-letter parts (the "e" of e-ID,
# the "m" of M-Pesa) are left out. No situation label of R may contain one of them (checked by
# the writer's script with situation_label_clash).
R_EXCLUDED_SITUATION_WORDS: frozenset[str] = Q_EXCLUDED_SITUATION_WORDS | frozenset(
    """orthodontist orthodontist's billing site quilting circle photo account ham callbook llama
    trek canal lock-keeper lock-keeper's lock keeper handover nurse scheduling e-bike bike battery
    lido changing area bin store rifle dial chubb study thinkpad disk plant-watering plant watering
    bot iot sensor key couple minding long note alarm code monitoring word scout leader leader's
    kegelclub ferienwohnung zingst masia door sagardotegi freebox parental lock doctolib pec mailbox
    fortnite çayxana wi-fi wifi school information system 勤怠システム 学信网 그룹웨어 bizum mb way pix
    blik posteid satispay m-pesa mpesa pesa momo ecocash wave orange money telebirr evc plus mvola
    tigo alif kaspi kbzpay esewa bkash jazzcash gcash maya snapp pathao bolt gojek ride codes
    zásilkovna slovenská pošta pick-up pick econt posta faroes sbb revenue sars efiling island.is
    e-id id malta prepaid electricity token tokens nigeria zimbabwe zimbabwe's zesa tanzania
    tanzania's luku airtime scratch hajj form exam-results exam results football club betting ojek
    weapons norwegian cabin goahti sámi tongan grandparent grandparent's chaikhana dilijan
    guesthouse burmese pension pension's map api romania office e-mail email mail relatives
    relatives' ride-hailing hailing e-government government log-in log rent parcel-locker duress
    national visa waiver forwarded markdown yaml export ci .env sentry mapbox wallet envelope
    grandad photo page twelve words storage sms iban portal safe bank kód rodné číslo router laptop
    church hall unit house sitting house-sitting rota coworking elster e-devlet госуслуги philsys
    gîte तिजोरी delivery self cabinet home vet hut código spid locker card reception plumber
    plumber's tracking indian train pnr dish city""".split(),
)


def situation_label_clash(label: str) -> list[str]:
    """Return the excluded situation words a label contains (plural -s / -es folded)."""
    low = label.lower()
    found = {w for w in R_EXCLUDED_SITUATION_WORDS if not re.fullmatch(r"\w+", w) and w in low}
    for token in re.findall(r"[\w@.\-]+", low):
        for cand in (token, token.rstrip("."), token[:-1], token[:-2]):
            if cand in R_EXCLUDED_SITUATION_WORDS and (
                cand == token.rstrip(".") or token.endswith(("s", "es"))
            ):
                found.add(cand)
    return sorted(found)


# Well-known textbook example values (compact, upper case) that must not appear in any row.
TEXTBOOK_VALUES: tuple[str, ...] = (
    "GB29NWBK60161331926819",
    "DE89370400440532013000",
    "FR1420041010050500013M02606",
    "ES9121000418450200051332",
    "IT60X0542811101000000123456",
    "IE29AIBK93115212345678",
    "IL620108000000099999999",
    "SA0380000000608010167519",
    "RSSMRA85T10A562S",
    "JBSWY3DPEHPK3PXP",
    "RWQF6LRCGA9I53MLYECO4IZT51TGPPVWUCNSCH1CBM0QTALN73Y7GFO3",
    # added for corpus P (recalled from memory by P's writer in a first draft)
    "DE44500105175407324931",
    "PL61109010140000071219812874",
    "RO49AAAA1B31007593840000",
    "LV80BANK0000435195001",
    # added for corpus Q (recalled from memory by Q's writer in a first draft)
    "4857773456",
    # added for corpus R (recalled from memory by R's writer before the first run; replaced)
    "UA213223130000026007233566001",
)
MAX_WORD_PLACE_SHARE = 0.02  # N's brief: a realistic mix, not M's or L's dominant shapes
WORD_PLACE_RE = re.compile(r"[A-Z][a-z]+[^\w\s][A-Za-z]+\d+")
MIN_SECRET_ROWS = 700
MIN_SPANS = 730
MIN_SECRET_LANGS = 154
MIN_LESS_COMMON = 127
MIN_NATIVE_SCRIPT_LANGS = 62
MIN_BENIGN_ROWS = 370
MIN_BENIGN_LANGS = 150
MIN_NEW_LANGS_VS_Q = 20
MIN_HARD_ROWS = 170
# Native (non-Latin) scripts: a language counts as "in native script" when at
# least one of its secret rows contains a character of that script.
NATIVE_SCRIPTS: dict[str, str] = {
    "ar": "\u0600-\u06ff",
    "fa": "\u0600-\u06ff",
    "ur": "\u0600-\u06ff",
    "ps": "\u0600-\u06ff",
    "sd": "\u0600-\u06ff",
    "ug": "\u0600-\u06ff",
    "he": "\u0590-\u05ff",
    "yi": "\u0590-\u05ff",
    "ru": "\u0400-\u04ff",
    "uk": "\u0400-\u04ff",
    "be": "\u0400-\u04ff",
    "bg": "\u0400-\u04ff",
    "sr": "\u0400-\u04ff",
    "mk": "\u0400-\u04ff",
    "kk": "\u0400-\u04ff",
    "ky": "\u0400-\u04ff",
    "tg": "\u0400-\u04ff",
    "mn": "\u0400-\u04ff",
    "tt": "\u0400-\u04ff",
    "ba": "\u0400-\u04ff",
    "cv": "\u0400-\u04ff",
    "el": "\u0370-\u03ff",
    "ka": "\u10a0-\u10ff",
    "hy": "\u0530-\u058f",
    "am": "\u1200-\u137f",
    "ti": "\u1200-\u137f",
    "hi": "\u0900-\u097f",
    "mr": "\u0900-\u097f",
    "ne": "\u0900-\u097f",
    "bn": "\u0980-\u09ff",
    "as": "\u0980-\u09ff",
    "or": "\u0b00-\u0b7f",
    "pa": "\u0a00-\u0a7f",
    "gu": "\u0a80-\u0aff",
    "ta": "\u0b80-\u0bff",
    "te": "\u0c00-\u0c7f",
    "kn": "\u0c80-\u0cff",
    "ml": "\u0d00-\u0d7f",
    "si": "\u0d80-\u0dff",
    "th": "\u0e00-\u0e7f",
    "lo": "\u0e80-\u0eff",
    "km": "\u1780-\u17ff",
    "my": "\u1000-\u109f",
    "zh": "\u4e00-\u9fff",
    "ja": "\u3040-\u30ff\u4e00-\u9fff",
    "ko": "\uac00-\ud7af",
    "dv": "\u0780-\u07bf",
    "os": "\u0400-\u04ff",
    "sah": "\u0400-\u04ff",
    "sa": "\u0900-\u097f",
    "mai": "\u0900-\u097f",
    "bho": "\u0900-\u097f",
    "kok": "\u0900-\u097f",
    # added for corpus P
    "bo": "\u0f00-\u0fff",
    "dz": "\u0f00-\u0fff",
    "ckb": "\u0600-\u06ff",
    "ce": "\u0400-\u04ff",
    "bua": "\u0400-\u04ff",
    "new": "\u0900-\u097f",
    "doi": "\u0900-\u097f",
    "tcy": "\u0c80-\u0cff",
    "iu": "\u1400-\u167f",
    "zgh": "\u2d30-\u2d7f",
    # added for corpus Q
    "yue": "\u4e00-\u9fff",
    "prs": "\u0600-\u06ff",
    "awa": "\u0900-\u097f",
    "udm": "\u0400-\u04ff",
    "kv": "\u0400-\u04ff",
    "tyv": "\u0400-\u04ff",
    # added for corpus R
    "arz": "\u0600-\u06ff",
    "ary": "\u0600-\u06ff",
    "apc": "\u0600-\u06ff",
    "pnb": "\u0600-\u06ff",
    "nan": "\u4e00-\u9fff",
    "wuu": "\u4e00-\u9fff",
    "rue": "\u0400-\u04ff",
    "mhr": "\u0400-\u04ff",
    "myv": "\u0400-\u04ff",
    "brx": "\u0900-\u097f",
    "mwr": "\u0900-\u097f",
    "hne": "\u0900-\u097f",
    "syl": "\u0980-\u09ff",
}
IBAN_RE = re.compile(r"^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$")
MAX_LANG_SHARE = 0.08  # no language but English above ~8 % of the rows of either file
MAX_EN_SHARE = 0.20  # English: the brief asks for >= 100 secret rows, so it gets its own cap
MIN_EN_SECRET_ROWS = 100
LONG_CHARS = 500  # rows at least this long are counted as long messages
MIN_HARD_SHARE = 1 / 3  # at least a third of the benign rows are the hard kind
MIN_STYLE_SHARE = 0.25  # each style at least a quarter of the secret rows
MAX_POSTAL_ROWS = 10  # postal-code look-alikes at most ~10 (since M)
HARD_BENIGN_KIND = "secret_word_with_number"
LANG_NAMES: dict[str, str] = {
    "af": "Afrikaans",
    "am": "Amharic",
    "ar": "Arabic (incl. Arabizi)",
    "az": "Azerbaijani",
    "be": "Belarusian",
    "bg": "Bulgarian (incl. romanised)",
    "bn": "Bengali (incl. Banglish)",
    "bs": "Bosnian",
    "ca": "Catalan",
    "cs": "Czech",
    "cy": "Welsh",
    "da": "Danish",
    "de": "German",
    "el": "Greek (incl. Greeklish)",
    "en": "English",
    "eo": "Esperanto",
    "es": "Spanish",
    "et": "Estonian",
    "eu": "Basque",
    "fa": "Persian (incl. Finglish)",
    "fi": "Finnish",
    "fr": "French",
    "ga": "Irish",
    "gl": "Galician",
    "gu": "Gujarati",
    "ha": "Hausa",
    "he": "Hebrew",
    "hi": "Hindi (incl. Hinglish)",
    "hr": "Croatian",
    "ht": "Haitian Creole",
    "hu": "Hungarian",
    "hy": "Armenian (incl. romanised)",
    "id": "Indonesian",
    "ig": "Igbo",
    "is": "Icelandic",
    "it": "Italian",
    "ja": "Japanese",
    "jv": "Javanese",
    "ka": "Georgian (incl. romanised)",
    "kk": "Kazakh (incl. romanised)",
    "km": "Khmer",
    "kn": "Kannada",
    "ko": "Korean (incl. romanised)",
    "ku": "Kurdish (Kurmanji)",
    "ky": "Kyrgyz",
    "lb": "Luxembourgish",
    "lo": "Lao",
    "lt": "Lithuanian",
    "lv": "Latvian",
    "mg": "Malagasy",
    "mi": "Māori",
    "mk": "Macedonian",
    "ml": "Malayalam (incl. Manglish)",
    "mn": "Mongolian",
    "mr": "Marathi",
    "ms": "Malay",
    "mt": "Maltese",
    "my": "Burmese",
    "ne": "Nepali",
    "nl": "Dutch",
    "no": "Norwegian (Bokmål)",
    "pa": "Punjabi (Gurmukhi)",
    "pl": "Polish",
    "ps": "Pashto",
    "pt": "Portuguese (pt-PT / pt-BR)",
    "ro": "Romanian",
    "ru": "Russian (incl. romanised)",
    "rw": "Kinyarwanda",
    "si": "Sinhala (incl. Singlish)",
    "sk": "Slovak",
    "sl": "Slovenian",
    "so": "Somali",
    "sq": "Albanian",
    "sr": "Serbian (Cyrillic and Latin)",
    "sv": "Swedish",
    "sw": "Swahili",
    "ta": "Tamil (incl. Tanglish)",
    "te": "Telugu (incl. romanised)",
    "tg": "Tajik",
    "th": "Thai (incl. romanised)",
    "tl": "Filipino (Tagalog / Taglish)",
    "tr": "Turkish",
    "uk": "Ukrainian",
    "ur": "Urdu (incl. Roman Urdu)",
    "uz": "Uzbek",
    "vi": "Vietnamese",
    "xh": "Xhosa",
    "yo": "Yoruba",
    "zh": "Chinese (incl. pinyin)",
    "zu": "Zulu",
    "ak": "Akan (Twi)",
    "ay": "Aymara",
    "ba": "Bashkir",
    "br": "Breton",
    "co": "Corsican",
    "dv": "Dhivehi",
    "ee": "Ewe",
    "fj": "Fijian",
    "fo": "Faroese",
    "fy": "West Frisian",
    "gd": "Scottish Gaelic",
    "gn": "Guarani",
    "la": "Latin",
    "lg": "Luganda",
    "ln": "Lingala",
    "ny": "Chichewa",
    "oc": "Occitan",
    "om": "Oromo",
    "or": "Odia",
    "as": "Assamese",
    "qu": "Quechua",
    "rm": "Romansh",
    "rn": "Kirundi",
    "sd": "Sindhi",
    "se": "Northern Sami",
    "sm": "Samoan",
    "sn": "Shona",
    "st": "Sesotho",
    "su": "Sundanese",
    "ti": "Tigrinya",
    "tk": "Turkmen",
    "tn": "Setswana",
    "to": "Tongan",
    "tt": "Tatar",
    "ug": "Uyghur",
    "wo": "Wolof",
    "ceb": "Cebuano",
    "hmn": "Hmong",
    "ilo": "Ilocano",
    "ts": "Tsonga",
    "ve": "Venda",
    "bm": "Bambara",
    "ff": "Fula (Pulaar)",
    "sa": "Sanskrit",
    "mai": "Maithili",
    "bho": "Bhojpuri",
    "kok": "Konkani",
    "cv": "Chuvash",
    "os": "Ossetian",
    "sah": "Sakha (Yakut)",
    "sc": "Sardinian",
    "fur": "Friulian",
    "lad": "Ladino (Judeo-Spanish)",
    "tpi": "Tok Pisin",
    "bi": "Bislama",
    "ch": "Chamorro",
    "kl": "Greenlandic",
    "yi": "Yiddish",
    # added for corpus P
    "ast": "Asturian",
    "nds": "Low German",
    "gsw": "Swiss German",
    "szl": "Silesian",
    "hsb": "Upper Sorbian",
    "crh": "Crimean Tatar",
    "tet": "Tetum",
    "min": "Minangkabau",
    "ban": "Balinese",
    "war": "Waray",
    "hil": "Hiligaynon",
    "pam": "Kapampangan",
    "haw": "Hawaiian",
    "pap": "Papiamento",
    "mfe": "Mauritian Creole",
    "jam": "Jamaican Patois",
    "ki": "Kikuyu",
    "luo": "Dholuo",
    "bem": "Bemba",
    "nd": "Northern Ndebele",
    "ss": "Swati",
    "kab": "Kabyle",
    "nv": "Navajo",
    "nah": "Nahuatl",
    "yua": "Yucatec Maya",
    "bo": "Tibetan",
    "dz": "Dzongkha",
    "ckb": "Central Kurdish (Sorani)",
    "ce": "Chechen",
    "bua": "Buryat",
    "new": "Newar (Nepal Bhasa)",
    "doi": "Dogri",
    "tcy": "Tulu (Kannada script)",
    "iu": "Inuktitut (syllabics)",
    "zgh": "Tamazight (Tifinagh)",
    # added for corpus Q
    "pcm": "Nigerian Pidgin",
    "sco": "Scots",
    "li": "Limburgish",
    "wa": "Walloon",
    "vec": "Venetian",
    "scn": "Sicilian",
    "csb": "Kashubian",
    "kw": "Cornish",
    "gv": "Manx",
    "yue": "Cantonese (Han characters)",
    "prs": "Dari",
    "awa": "Awadhi",
    "udm": "Udmurt",
    "kv": "Komi",
    "tyv": "Tuvan",
    # added for corpus R
    "arz": "Egyptian Arabic",
    "ary": "Moroccan Arabic (Darija)",
    "apc": "Levantine Arabic",
    "pnb": "Western Punjabi (Shahmukhi)",
    "nan": "Hokkien (Han characters)",
    "wuu": "Shanghainese (Han characters)",
    "rue": "Rusyn",
    "mhr": "Meadow Mari",
    "myv": "Erzya",
    "brx": "Bodo",
    "mwr": "Marwari",
    "hne": "Chhattisgarhi",
    "syl": "Sylheti (Bengali script)",
    "an": "Aragonese",
    "lmo": "Lombard",
    "nap": "Neapolitan",
    "gag": "Gagauz",
    "kea": "Cape Verdean Creole",
}


def fold_digits(text: str) -> str:
    """Return text with every decimal digit of any script folded to ASCII."""
    return "".join(
        str(unicodedata.digit(ch)) if not ch.isascii() and unicodedata.category(ch) == "Nd" else ch
        for ch in text
    )


_NO_SPACE_SCRIPT = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]",
)


def _is_edge(char: str, inner: str) -> bool:
    """Return True if char (next to a match whose edge char is inner) ends the token."""
    if not char:
        return True
    if unicodedata.category(char) == "Nd":
        return False  # a digit of any script continues the number
    if not char.isalnum():
        return True
    if _NO_SPACE_SCRIPT.match(char) or _NO_SPACE_SCRIPT.match(inner):
        return True  # scripts written without spaces: a letter is an edge
    # digits glued to a suffix in a spaced non-Latin script
    return inner.isdigit() and not char.isascii()


def token_in(secret: str, text: str) -> bool:
    """Return True if secret occurs in text as a whole token (raw or digit-folded)."""
    for needle, hay in ((secret, text), (fold_digits(secret), fold_digits(text))):
        for match in re.finditer(re.escape(needle), hay):
            start, end = match.start(), match.end()
            before = hay[start - 1] if start else ""
            after = hay[end] if end < len(hay) else ""
            if _is_edge(before, needle[0]) and _is_edge(after, needle[-1]):
                return True
    return False


def load_jsonl(path: Path, errors: list[str]) -> list[dict[str, Any]]:
    """Read one JSON object per non-empty line, recording parse errors."""
    rows: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{path.name}:{number}: invalid JSON ({exc.msg})")
                continue
            if not isinstance(row, dict):
                errors.append(f"{path.name}:{number}: row is not an object")
                continue
            rows.append(row)
    return rows


def check_common(
    row: dict[str, Any],
    fields: tuple[str, ...],
    id_re: re.Pattern[str],
    where: str,
    errors: list[str],
) -> bool:
    """Check field set, id shape, lang code and text; return False if unusable."""
    if tuple(sorted(row)) != tuple(sorted(fields)):
        errors.append(f"{where}: fields {sorted(row)} != {sorted(fields)}")
        return False
    if not isinstance(row["id"], str) or not id_re.match(row["id"]):
        errors.append(f"{where}: bad id {row['id']!r}")
    if not isinstance(row["lang"], str) or not LANG_RE.match(row["lang"]):
        errors.append(f"{where}: bad lang {row['lang']!r}")
    if not isinstance(row["text"], str) or not row["text"].strip():
        errors.append(f"{where}: empty or non-string text")
        return False
    if not isinstance(row["secrets"], list):
        errors.append(f"{where}: secrets is not a list")
        return False
    return True


def check_secret_row(
    row: dict[str, Any],
    where: str,
    errors: list[str],
    warnings: list[str],
) -> None:
    """Validate one secrets.jsonl row."""
    if not check_common(row, SECRET_FIELDS, SECRET_ID_RE, where, errors):
        return
    if row["kind"] not in KINDS:
        errors.append(f"{where}: unknown kind {row['kind']!r}")
    if row["style"] not in STYLES:
        errors.append(f"{where}: unknown style {row['style']!r}")
    secrets: list[Any] = row["secrets"]
    if not secrets:
        errors.append(f"{where}: no secrets listed")
    text: str = row["text"]
    for secret in secrets:
        if not isinstance(secret, str) or not secret:
            errors.append(f"{where}: secret is not a non-empty string")
        elif secret not in text:
            errors.append(f"{where}: secret does not occur verbatim in text")
        elif text.count(secret) > 1:
            warnings.append(f"{where}: secret occurs more than once in text")


def check_benign_row(row: dict[str, Any], where: str, errors: list[str]) -> None:
    """Validate one benign.jsonl row."""
    if not check_common(row, BENIGN_FIELDS, BENIGN_ID_RE, where, errors):
        return
    if not isinstance(row["kind"], str) or not row["kind"]:
        errors.append(f"{where}: empty kind")
    if row["secrets"]:
        errors.append(f"{where}: benign row lists secrets")


def check_no_secret_in_benign(
    secret_rows: list[dict[str, Any]],
    benign_rows: list[dict[str, Any]],
    errors: list[str],
) -> None:
    """Fail if a listed secret (3+ chars) occurs as a token in a benign text."""
    texts = [
        (str(row.get("id")), row["text"]) for row in benign_rows if isinstance(row.get("text"), str)
    ]
    for row in secret_rows:
        for secret in row.get("secrets") or []:
            if not isinstance(secret, str) or len(secret) < 3:
                continue
            for benign_id, text in texts:
                if token_in(secret, text):
                    errors.append(
                        f"secret of {row.get('id')} reappears in benign {benign_id}",
                    )


def luhn_ok(digits: str) -> bool:
    """Return True if a digit string passes the Luhn check."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def iban_ok(compact: str) -> bool:
    """Return True if an IBAN-shaped string passes the ISO 13616 mod-97 check."""
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97 == 1


def check_checksums(secret_rows: list[dict[str, Any]], errors: list[str]) -> None:
    """Fail on a card number that passes Luhn or an IBAN that passes mod-97."""
    for row in secret_rows:
        for secret in row.get("secrets") or []:
            if not isinstance(secret, str):
                continue
            if row.get("kind") == "card":
                digits = re.sub(r"[\s\-.]", "", fold_digits(secret))
                if digits.isdigit() and 13 <= len(digits) <= 19 and luhn_ok(digits):
                    errors.append(f"card number of {row.get('id')} passes Luhn")
            compact = secret.replace(" ", "").upper()
            if IBAN_RE.match(compact) and iban_ok(compact):
                errors.append(f"IBAN of {row.get('id')} passes mod-97")


def check_duplicates(
    secret_rows: list[dict[str, Any]],
    benign_rows: list[dict[str, Any]],
    errors: list[str],
) -> None:
    """Fail on a duplicated message or a secret value (3+ chars) listed in two rows."""
    texts: Counter[str] = Counter(
        row["text"] for row in [*secret_rows, *benign_rows] if isinstance(row.get("text"), str)
    )
    errors.extend(f"duplicated message ({n}x)" for n in texts.values() if n > 1)
    owners: dict[str, set[str]] = {}
    for row in secret_rows:
        for secret in row.get("secrets") or []:
            if isinstance(secret, str) and len(secret) >= 3:
                owners.setdefault(fold_digits(secret), set()).add(str(row.get("id")))
    for ids in owners.values():
        if len(ids) > 1:
            errors.append(f"secret value shared by rows {', '.join(sorted(ids))}")


def print_counter(title: str, counter: Counter[str]) -> None:
    """Print a counter as one sorted block."""
    print(f"{title} ({len(counter)}):")
    for key, value in sorted(counter.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {key}\t{value}")


def print_markdown(secret_rows: list[dict[str, Any]], benign_rows: list[dict[str, Any]]) -> None:
    """Print the README count tables as Markdown (counts only, never row text)."""
    langs: Counter[str] = Counter(str(r.get("lang")) for r in secret_rows)
    print()
    print("| lang | language | secret rows | spans | direct | casual | indirect | benign rows |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    benign_langs: Counter[str] = Counter(str(r.get("lang")) for r in benign_rows)
    all_langs = set(langs) | set(benign_langs)
    totals: Counter[str] = Counter()
    for lang in sorted(all_langs, key=lambda k: (-langs[k], -benign_langs[k], k)):
        rows = [r for r in secret_rows if r.get("lang") == lang]
        spans = sum(len(r.get("secrets", [])) for r in rows)
        styles = Counter(str(r.get("style")) for r in rows)
        name = LANG_NAMES.get(lang, lang)
        print(
            f"| {lang} | {name} | {len(rows)} | {spans} | {styles['direct']} | "
            f"{styles['casual']} | {styles['indirect']} | {benign_langs[lang]} |",
        )
        totals.update(
            {"rows": len(rows), "spans": spans, "benign": benign_langs[lang], **styles},
        )
    print(
        f"| **total** | {len(all_langs)} languages | **{totals['rows']}** | **{totals['spans']}** | "
        f"{totals['direct']} | {totals['casual']} | {totals['indirect']} | **{totals['benign']}** |",
    )
    print()
    print("| kind | rows | spans | direct | casual | indirect |")
    print("|---|---:|---:|---:|---:|---:|")
    kinds: Counter[str] = Counter(str(r.get("kind")) for r in secret_rows)
    for kind, n in sorted(kinds.items(), key=lambda item: (-item[1], item[0])):
        rows = [r for r in secret_rows if r.get("kind") == kind]
        spans = sum(len(r.get("secrets", [])) for r in rows)
        styles = Counter(str(r.get("style")) for r in rows)
        print(
            f"| {kind} | {n} | {spans} | {styles['direct']} | {styles['casual']} | "
            f"{styles['indirect']} |",
        )
    print()
    print("| benign kind | rows | languages |")
    print("|---|---:|---:|")
    bkinds: Counter[str] = Counter(str(r.get("kind")) for r in benign_rows)
    for kind, n in sorted(bkinds.items(), key=lambda item: (-item[1], item[0])):
        nl = len({r.get("lang") for r in benign_rows if r.get("kind") == kind})
        print(f"| {kind} | {n} | {nl} |")


def main(argv: list[str]) -> int:
    """Run all checks and print counts; return the process exit status."""
    args = [a for a in argv[1:] if a != "--markdown"]
    markdown = "--markdown" in argv[1:]
    root = Path(args[0]) if args else Path(__file__).resolve().parent
    errors: list[str] = []
    warnings: list[str] = []
    secret_rows = load_jsonl(root / "secrets.jsonl", errors)
    benign_rows = load_jsonl(root / "benign.jsonl", errors)

    all_rows = [*secret_rows, *benign_rows]
    ids: Counter[str] = Counter(str(row.get("id")) for row in all_rows)
    errors.extend(f"duplicate id {key}" for key, n in ids.items() if n > 1)

    for row in secret_rows:
        check_secret_row(row, f"secrets.jsonl[{row.get('id')}]", errors, warnings)
    for row in benign_rows:
        check_benign_row(row, f"benign.jsonl[{row.get('id')}]", errors)

    check_no_secret_in_benign(secret_rows, benign_rows, errors)
    check_duplicates(secret_rows, benign_rows, errors)
    check_checksums(secret_rows, errors)

    print(f"secrets.jsonl rows: {len(secret_rows)}")
    print(f"secret spans: {sum(len(r.get('secrets', [])) for r in secret_rows)}")
    print_counter("secret rows by lang", Counter(r.get("lang") for r in secret_rows))
    print_counter("secret rows by kind", Counter(r.get("kind") for r in secret_rows))
    print_counter("secret rows by style", Counter(r.get("style") for r in secret_rows))
    print(f"benign.jsonl rows: {len(benign_rows)}")
    print_counter("benign rows by lang", Counter(r.get("lang") for r in benign_rows))
    print_counter("benign rows by kind", Counter(r.get("kind") for r in benign_rows))
    langs = {r.get("lang") for r in secret_rows} | {r.get("lang") for r in benign_rows}
    print(f"languages in both files: {len(langs)}")
    secret_langs = {r.get("lang") for r in secret_rows}
    less_common = sorted(LESS_COMMON & secret_langs)
    print(f"less-common languages with secret rows ({len(less_common)}): {', '.join(less_common)}")
    multi = sum(1 for r in secret_rows if len(r.get("secrets", [])) > 1)
    print(f"secret rows with more than one span: {multi}")
    hard = sum(1 for r in benign_rows if r.get("kind") == HARD_BENIGN_KIND)
    share = 100 * hard / len(benign_rows) if benign_rows else 0.0
    print(f"benign rows of the hard kind {HARD_BENIGN_KIND}: {hard} ({share:.1f} %)")
    minimums = (
        ("secret rows", len(secret_rows), MIN_SECRET_ROWS),
        ("secret spans", sum(len(r.get("secrets", [])) for r in secret_rows), MIN_SPANS),
        ("secret languages", len(secret_langs), MIN_SECRET_LANGS),
        ("less-common secret languages", len(less_common), MIN_LESS_COMMON),
        ("benign rows", len(benign_rows), MIN_BENIGN_ROWS),
        ("benign languages", len({r.get("lang") for r in benign_rows}), MIN_BENIGN_LANGS),
        (
            "English secret rows",
            sum(1 for r in secret_rows if r.get("lang") == "en"),
            MIN_EN_SECRET_ROWS,
        ),
    )
    for label, value, minimum in minimums:
        if value < minimum:
            errors.append(f"{label}: {value} < required {minimum}")
    new_langs = sorted(str(x) for x in langs - Q_LANGS)
    print(f"languages not used by corpus Q ({len(new_langs)}): {', '.join(new_langs)}")
    new_opq = sorted(str(x) for x in langs - Q_LANGS - P_LANGS - O_LANGS)
    print(f"languages used by none of corpora O, P, Q ({len(new_opq)}): {', '.join(new_opq)}")
    new_secret = sorted(str(x) for x in secret_langs - Q_LANGS)
    if len(new_secret) < MIN_NEW_LANGS_VS_Q:
        errors.append(
            f"secret languages not used by Q: {len(new_secret)} < required {MIN_NEW_LANGS_VS_Q}",
        )
    print(f"situation words excluded from R's labels: {len(R_EXCLUDED_SITUATION_WORDS)}")
    if hard < MIN_HARD_ROWS:
        errors.append(f"hard benign rows: {hard} < required {MIN_HARD_ROWS}")
    for row in all_rows:
        compact = re.sub(r"[\s\-.]", "", fold_digits(str(row.get("text", "")))).upper()
        if any(value in compact for value in TEXTBOOK_VALUES):
            errors.append(f"row {row.get('id')} contains a textbook example value")
    pw_rows = [r for r in secret_rows if r.get("kind") == "password"]
    shaped = sum(
        1
        for r in pw_rows
        if any(isinstance(x, str) and WORD_PLACE_RE.fullmatch(x) for x in r.get("secrets") or [])
    )
    print(f"password rows with a Word#Place9-shaped span: {shaped} of {len(pw_rows)}")
    if pw_rows and shaped / len(pw_rows) > MAX_WORD_PLACE_SHARE:
        errors.append(f"Word#Place9-shaped passwords: {shaped} of {len(pw_rows)} rows")
    native = sorted(
        lang
        for lang, script in NATIVE_SCRIPTS.items()
        if any(
            r.get("lang") == lang and re.search(f"[{script}]", str(r.get("text", "")))
            for r in secret_rows
        )
    )
    print(
        f"languages with secret rows in native non-Latin script ({len(native)}): {', '.join(native)}"
    )
    if len(native) < MIN_NATIVE_SCRIPT_LANGS:
        errors.append(
            f"native-script languages: {len(native)} < required {MIN_NATIVE_SCRIPT_LANGS}",
        )
    long_rows = sum(1 for r in secret_rows if len(str(r.get("text", ""))) >= LONG_CHARS)
    print(f"secret rows of {LONG_CHARS}+ characters: {long_rows}")
    multiline = sum(1 for r in secret_rows if "\n" in str(r.get("text", "")))
    print(f"multi-line secret rows: {multiline}")
    for label, rows in (("secrets.jsonl", secret_rows), ("benign.jsonl", benign_rows)):
        counts: Counter[str] = Counter(str(r.get("lang")) for r in rows)
        if rows:
            top, n = counts.most_common(1)[0]
            print(f"largest language share in {label}: {top} {100 * n / len(rows):.1f} %")
            for lang, n in counts.items():
                cap = MAX_EN_SHARE if lang == "en" else MAX_LANG_SHARE
                if n / len(rows) > cap:
                    errors.append(
                        f"{label}: language {lang} has {n} of {len(rows)} rows (> {100 * cap:.0f} %)",
                    )
    if benign_rows and hard / len(benign_rows) < MIN_HARD_SHARE:
        errors.append(f"hard benign share {share:.1f} % < 33.3 %")
    styles: Counter[str] = Counter(str(r.get("style")) for r in secret_rows)
    for style in sorted(STYLES):
        if secret_rows and styles[style] / len(secret_rows) < MIN_STYLE_SHARE:
            errors.append(f"style {style}: {styles[style]} rows < 25 % of secret rows")

    for kind in sorted(KINDS):
        kind_styles = {str(r.get("style")) for r in secret_rows if r.get("kind") == kind}
        missing = sorted(STYLES - kind_styles)
        if missing:
            errors.append(f"kind {kind}: no rows in style(s) {', '.join(missing)}")
    postal = sum(1 for r in benign_rows if r.get("kind") == "postal_code")
    print(f"benign postal_code rows: {postal}")
    if postal > MAX_POSTAL_ROWS:
        errors.append(f"postal_code benign rows: {postal} > {MAX_POSTAL_ROWS}")

    if markdown:
        print_markdown(secret_rows, benign_rows)
    for warning in warnings:
        print(f"WARNING: {warning}")
    for error in errors:
        print(f"ERROR: {error}")
    print("OK" if not errors else f"FAILED with {len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
