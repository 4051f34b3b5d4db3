# ruff: noqa: E501 - word lists read best one language to a line
"""The small words around an action, by language (``graphmem.trust.actions``): politeness
and fillers, conjunctions that join two actions, pronouns and clitics, question words,
"let me" and "give me" forms, shell and tool names — what the guard strips or splits on
before it looks for the verb in ``graphmem.trust.action_words``.
"""

from __future__ import annotations

from graphmem.trust.action_words import folded

# Said to be polite, or to hand the action over; not the action itself.
FILLERS: frozenset[str] = frozenset(
    (
        "please pls kindly just now go ahead and then also hey hi ok okay so can you could "
        "would will i'd i want need to like let's lets let me help for quickly right away "
        "immediately asap bitte mal doch jetzt kannst du könntest würdest sofort s'il te vous "
        "plaît stp svp peux-tu pouvez-vous peux pouvez tu maintenant por favor puedes podrías "
        "podrias puede ahora per favore puoi potresti ora adesso podes pode poderia agora "
        "alsjeblieft alstublieft graag kun je kunt u even nu proszę możesz mógłbyś teraz "
        "пожалуйста можешь можете сейчас lütfen şimdi snälla kan du nu בבקשה אנא עכשיו من "
        "فضلك رجاء الآن कृपया 좀 지금 tolong sekarang vui lòng hãy"
    ).split()
)

# Words that name a thing as often as a deed ("show my emails", "list the payments"): in an
# English object position they are nouns; at the head of a clause they are still verbs.
NOUNISH = frozenset(
    (
        "email emails mail message messages text texts call calls payment payments order "
        "orders book books post posts file files bill bills invoice invoices transfer "
        "transfers trade trades report reports plan plans charge charges deposit deposits "
        "refund refunds tip tips booking bookings draft drafts update updates change changes "
        "copy copies like likes star pin flag flags share shares export exports release "
        "releases merge commit commits push run runs log logs lock format schedule link links "
        "fund funds bid reply replies subscription subscriptions purchase purchases rent "
        "meeting invite invites contact contacts list start stop access review setting settings "
        "move moves sale sales deploy deploys deployment"
    ).split()
)

# What splits an action into clauses, each with a verb of its own. Only words that are
# "and then" in no other language: "i", "e", "o", "en", "of" are words elsewhere.
CONJUNCTIONS = frozenset(
    (
        "and then afterwards und dann danach puis ensuite luego después poi quindi daarna "
        "potem oraz затем потом sonra sedan ثم 그리고 lalu kemudian rồi και μετά "
        # Plain "and" where it cannot be another word ("I", "a", "en", "dan" can).
        "y e et og och és ve и і та"
    ).split()
)

OBJECT_PRONOUNS = frozenset("it them him her this that these those".split())

# English questions: they ask; what they name ("how do I cancel ...") is not done by asking.
# A suggestion in question form ("how about sending ...") still proposes a deed.
EN_WH = frozenset(
    "what what's which who who's whom whose when where where's why how what's where's who's how's when's".split()
)

EN_AUX = frozenset("is are was were do does did has have".split())

# "get" reads when what it gets is information ("get the status"), not a thing ("get tickets");
# and a request that is only such a noun ("the balance of my card", "Liste der Rechnungen")
# asks for it.
INFO = frozenset(
    (
        "status balance list details detail info information summary count number total "
        "history overview price prices rate rates time date weather forecast address hours "
        "schedule agenda version progress state report rundown breakdown recap kontostand "
        "liste übersicht anzahl zusammenfassung stand solde aperçu résumé nombre saldo lista "
        "resumen número estado elenco riepilogo numero stato resumo lijst overzicht "
        "samenvatting aantal podsumowanie liczba stan список баланс остаток количество сводка "
        "listesi liste bakiye özet sayısı durum översikt sammanfattning antal רשימת רשימה "
        "יתרה מספר סיכום قائمة رصيد عدد ملخص"
    ).split()
)

# Words before the verb that are not it: articles, and "I" in "I want to see".
LEADING = frozenset(
    (
        "the a an my our der die das den dem des ein eine le la les un une el los las una lo "
        "il gli het een de mijn mi mis meine mon ma mes"
    ).split()
)

# In English, a verb after a subject describes what someone does ("the invoices I paid",
# "subscriptions I'm paying for"); it is not what the agent is asked to do.
SUBJECTS = frozenset("i i'm i've i'd we we're we've you you're they they're he she".split())
# Words that open a relative clause: what follows describes a thing ("the email where Priya
# asked me to approve ...", "everyone who can open the folder").
# Clitics that follow a verb: "Montre-moi", "Arată-mi", "Mostra'm", "dimmi".
CLITICS = tuple("-moi -mi -me -nos -lo -la 'm -m -toi".split())
# Pronouns a Spanish, Italian or Portuguese imperative takes without a hyphen ("resérvalo",
# "pagala", "mándamelo"); the stress mark it then carries goes too.
ENCLITICS = tuple("melo mela selo sela telo noslo los las les nos lo la le li me te ci".split())
RELATIVES = frozenset("where which who whom whose that when".split())
# Verbs that read only with their particle ("pull up the receipts", "work out the total").
PHRASAL_READ = frozenset({("pull", "up"), ("work", "out"), ("figure", "out"), ("find", "out"),
                          ("read", "out"), ("look", "up"), ("look", "into"), ("tell", "me"),
                          ("tell", "us")})  # fmt: skip
# Verbs that act with their particle although they read alone ("check me in for the flight",
# "check out the cart"): the particle within the next two words.
PHRASAL_ACT = frozenset({("check", "in"), ("check", "out"), ("look", "after"), ("sign", "up"),
                         ("log", "out"), ("print", "out"), ("print", "off"),
                         ("go", "ahead")})  # fmt: skip
# "Let me see", in other words: the verb after them decides.
LET_ME = frozenset("fammi lass laat déjame deixa-me cho pozwól дай nech hadd lasă".split())
# Pronouns between "let" and the verb ("cho tôi xem", "lass mich sehen").
LET_ME_PRONOUNS = frozenset("tôi mich mir me mi mij mnie мне mne".split())
# Question words that ask for information (not "is it ...?"): a question opening with one
# asks, whatever verb it names, unless it addresses the assistant.
WH = frozenset(
    (
        "what which who whom whose when where why how was welche welcher welches wer wo wann "
        "wie wieviel wieviele que quoi quel quelle quels quelles qui où quand comment combien "
        "qué cuál cuáles quién dónde cuándo cómo cuánto cuántos cuánta cosa quale quali chi "
        "dove quando come quanto quanti quante o qual quais quem onde quanta wat welke hoe "
        "hoeveel waar wanneer co jaki jaka jakie kto gdzie kiedy ile что какой какая какие "
        "кто где когда сколько ne hangi kim nerede kaç vad vilken vilka vem var när hur hvad "
        "hvilke hvem hvor hvornår hva hvilke når mitä mikä mitkä kuka missä milloin kuinka "
        "montako mit melyik ki hol mikor hány mennyi ce care cine unde când câte câți quin "
        "quina quins quines quan quant quants quantes mi kdo kde kdy kolik který která které "
        "τι ποιος ποια ποιο ποια πού πότε πόσα πόσες πόσοι пo скільки які коли де хто מה איזה "
        "אילו מי איפה מתי כמה ما ماذا أي من أين متى كم apa siapa dimana kapan berapa gì nào "
        "đâu bao क्या कौन कहाँ कब कितना कितने कितनी "
        "ngapi nini lini wapi nani gani vipi"
    ).split()
)

# A clause that opens with one of these hangs on the one before ("check whether ...").
SUBORDINATE = frozenset(
    (
        "whether if that which who whom ob dass wer wen wem welche si que qui quien quién se "
        "che chi cui of dat wie czy że komu kto ли что кто кому mı mi mu mü om att vem אם ש "
        "هل إذا"
    ).split()
)

# "kontrol et" (Turkish), "जांच करें" (Hindi): the verb is the word before "do".
LIGHT_VERBS = frozenset(
    "et etmek eder edin yap yapmak yapın ver verin vermek करें करो कीजिए करना कर दो दें दीजिए".split()
)

# Only what asks nicely or says when: a confirmation must not cover another action by
# losing a word that names what, whom or how much.
POLITE = frozenset(
    (
        "please pls kindly now thanks thank bitte jetzt danke merci maintenant svp stp por "
        "favor ahora gracias per favore adesso grazie agora obrigado obrigada alsjeblieft "
        "alstublieft graag bedankt nu proszę teraz dzięki пожалуйста сейчас спасибо lütfen "
        "şimdi teşekkürler snälla tack tak takk kiitos köszönöm mulțumesc gràcies παρακαλώ "
        "ευχαριστώ בבקשה עכשיו תודה الآن شكرا 주세요 줘 請 お願いします"
    ).split()
)

POLITE_AFFIXES = tuple("请 ください 下さい 주세요 줘 해요".split())

# What follows a Japanese or Korean verb (and not a noun): te-forms, endings, requests.
VERB_ENDINGS = tuple(
    "て で ん し っ る ます ました ください 下さい しろ せよ 해 하 줘 주세요 요 기 한 할".split()
)

DONE_MARKERS = tuple("已 已经 被 済 された 된 됐".split())

# "and then", "after that": a second action may follow that the lists do not know.
INSIDE_CONJUNCTIONS = (
    "并且",
    "然后",
    "接着",
    "之后再",
    "并",
    "してから",
    "した後",
    "그리고",
    "한 다음",
)

# Verbs of how to word a reply, not of what to do: "always reply in English" is a style.
STYLE = frozenset(
    (
        "reply replying respond write writing draft drafting compose format use make create "
        "add keep set setting change changing update updating edit editing modify adjust open "
        "start stop save print plan arrange organise organize pick choose select schedule "
        "mark marking move log like star pin flag copy fill complete generate take put turn "
        "switch toggle antworte antworten schreibe schreiben réponds répondre écris écrire "
        "responde responder escribe escribir rispondi rispondere scrivi scrivere antwoord "
        "beantwoord schrijf odpowiedz napisz ответь напиши yanıtla yaz svara skriv"
    ).split()
)

# The verbs tool names begin with when they only read (REST's GET and its kin).
TOOL_READ = frozenset(
    (
        "get list read fetch search find query show view describe count lookup look check "
        "retrieve browse preview summarize summarise translate inspect stat status info "
        "details explain compare calculate compute estimate peek watch monitor latest current "
        "convert validate simulate quote preview lint diff"
    ).split()
)

SHELL_READ = frozenset(
    (
        "ls ll dir cat head tail less more grep egrep fgrep rg ag wc pwd whoami id date cal "
        "df du ps top htop uptime which whereis type file stat tree diff cmp sort uniq cut nl "
        "jq yq echo printf hostname uname free lsblk lscpu printenv man help sha256sum "
        "sha1sum md5sum shasum journalctl dig nslookup host lsof netstat ss"
    ).split()
)
# Read-only only when they stand alone: ``history`` lists, ``history -c`` clears; ``env``
# prints, ``env X=1 cmd`` runs a program.
SHELL_READ_ALONE = frozenset("history env set".split())

# Command names that are no word of a language: a line that starts with one is a command.
SHELL_NAMES = frozenset(
    (
        "ls ll pwd ps df du wc rg ag jq yq grep egrep fgrep uname whoami htop lsblk lscpu "
        "printenv rm rmdir mv cp chmod chown mkdir dd mkfs pkill killall sudo curl wget scp "
        "rsync ssh shred crontab useradd passwd umount kubectl helm terraform python3"
    ).split()
)

# Commands that change things, recognised so that the whole line is read as shell.
SHELL_KNOWN = frozenset(
    (
        "rm rmdir mv cp chmod chown ln mkdir touch dd mkfs kill pkill killall sudo su curl "
        "wget scp rsync ssh tar zip unzip sed awk find xargs shred truncate crontab useradd "
        "passwd reboot shutdown mount umount helm terraform make python python3 node sh bash "
        "zsh gcloud az"
    ).split()
)

# Words that address the assistant or ask it to do something: a question with one of these
# ("can you ...?", "kun je ...?", "voisitko ...?", "yükler misin?") is a request, not a
# question about how things stand.
ADDRESSED = frozenset(
    (
        "you kannst könntest würdest wärst du dich dir peux pouvez pourrais pourriez tu vous "
        "puedes podrías podrias usted tú puoi potresti voi podes poderia você vocês kun kunt "
        "jij je możesz mógłbyś mogłabyś możecie ty можешь можете ты вы misin mısın musun müsün "
        "misiniz mısınız sen siz можеш ти ви voisitko voitko voisitteko sinä tudnád tudnál tudod tudsz "
        "bisa tolong bisakah "
        "anda kamu bạn có thể אתה את תוכל תוכלי אפשר أنت أنتِ يمكنك ممكن تستطيع तुम आप सकते "
        "सकती सकोगे můžeš mohl mohla můžete μπορείς μπορείτε poți puteți poţi "
        # Modal requests of the third person of politeness, and more languages: "Pode
        # redefinir a senha?", "Mind dimming the lights?" ask the assistant to act.
        "pode podem poderiam consegue consegues puede pueden podría podrían pots podries "
        "può potrebbe potreste peut pourrait könnten können kunnen zou mind möchtest "
        "kan mogli mogla mógłby mogłaby może могли могла unaweza mnaweza "
        "tafadhali boleh bolehkah ช่วย ได้ไหม می‌تونی میتونی می‌توانید میتونید لطفا "
        "লাগবে পারবে পারবেন পারো možeš možete mogli mogla"
    ).split()
)
# The same, inside Chinese, Japanese and Korean text.
ADDRESSED_INSIDE: tuple[str, ...] = (
    *"你 您 能 可以 帮我 幫我 请 麻烦 てくれ てもらえ でくれ でもらえ ください お願い あなた 줄래 줘 주세요 해줄 할래 당신".split(),
    *("줄 수", "주실", "주시겠", "주시면", "해 줄"),  # Korean "can you ...?": "내 줄 수 있어?"
)
# Function words that mark a text as English: then "tell" is English "tell", not Norwegian
# "count", and only English read verbs count.
EN_FUNCTION = frozenset(
    (
        "the a an to my me i i'm i've you your is are of for and from with on in at this that "
        "it our we he she they them his her"
    ).split()
)
# A question mark, as languages write it (Greek uses ";").
QUESTION_MARKS = tuple("? ？ ؟ ;".split())

# "Give me the balance", "Donne-moi le solde": a verb of giving reads when what it gives is
# information (INFO), not a thing.
GIVE_ME = frozenset("give get donne donne-moi dame dammi dá-me dê-me geef gib daj".split())


# Matching is on case-folded text ("ς" folds to "σ"): fold the lists once, here.
ADDRESSED = folded(ADDRESSED)
WH = folded(WH)
INFO = folded(INFO)
NOUNISH = folded(NOUNISH)
FILLERS = folded(FILLERS)

# "I'd like to know ...", "curious whether ...", "mich würde interessieren ...": the speaker
# wants information; what follows is read, unless a deed is named in it.
WANT_TO_KNOW: tuple[str, ...] = (
    "i'd like to know", "i would like to know", "i'd love to know", "i want to know",
    "i need to know", "i wonder", "i'm wondering", "i am wondering", "i'm curious",
    "curious how", "curious whether", "curious if", "curious what", "curious which",
    "just wondering", "wondering", "it would help to know", "i'd love a summary",
    "i'd love a rundown", "i'd love an overview", "i'd like a summary",
    "ich möchte wissen", "ich würde gern wissen", "ich wüsste gern", "mich würde interessieren",
    "ich frage mich", "j'aimerais savoir", "je voudrais savoir", "je me demande",
    "j'aimerais bien un résumé", "j'aimerais un résumé", "me gustaría saber", "quisiera saber",
    "me pregunto", "tengo curiosidad", "vorrei sapere", "mi piacerebbe sapere",
    "mi piacerebbe un riassunto", "mi chiedo", "queria saber", "gostaria de saber",
    "queria entender", "quero saber", "ik ben benieuwd", "ik vraag me af", "ik wil graag weten",
    "jeg lurer på", "jeg undrer mig", "jeg vil gerne vide", "jag undrar", "jag vill veta",
    "ciekawi mnie", "zastanawiam się", "chciałbym wiedzieć", "chciałabym wiedzieć",
    "хотелось бы понять", "хотелось бы знать", "хочу знать", "хочу понять", "интересно",
    "цікаво", "хочу знати", "zanima me", "pitam se", "merak ediyorum", "öğrenmek istiyorum",
    "أريد أن أعرف", "أود أن أعرف", "می‌خواهم بدانم", "میخواهم بدانم", "می‌خوام بدونم",
    "मैं जानना चाहता", "मैं जानना चाहती", "জানতে চাই", "ningependa kujua", "nataka kujua",
    "saya ingin tahu", "saya mau tahu", "aku ingin tahu", "อยากรู้", "מעניין אותי",
    "אני רוצה לדעת", "vull saber", "m'agradaria saber",
)  # fmt: skip
WANT_TO_KNOW_LATE: tuple[str, ...] = (  # verb-last languages: the wish closes the sentence
    "merak ediyorum",
    "öğrenmek istiyorum",
    "জানতে চাই",
    "知りたい",
    "我想知道",
    "想知道",
    "궁금해",
    "궁금합니다",
    "궁금하다",
    "알고 싶",
)
# What follows a wish to know when it is no question word: "whether", "if", "ob", "si".
WISHED = frozenset("whether if ob si se om czy ли чи kama apakah".split())
# Conjunctions that start a further request ("show the totals, then pay them").
SEQUENCERS = frozenset(
    (
        "then afterwards next dann danach anschließend puis ensuite après luego después "
        "poi quindi dopo daarna potem затем потом після sonra sedan därefter deretter ثم "
        "lalu kemudian rồi μετά"
    ).split()
)
# Words a noun phrase opens with: a clause that starts so describes, it does not order.
NOUN_OPENERS = frozenset(
    (
        "the a an my your our their his her its all any some each every both those these "
        "this that which whose also only just last next other another more any "
        "der die das den dem des ein eine einen meine meinen meiner alle le la les un une des "
        "du mes mon ma nos vos leurs tous toutes el los las unos unas mi mis tu tus su sus "
        "nuestro nuestra nuestros todos todas il lo gli uno una i le miei mie mio mia tutti "
        "o os as um uma meu minha meus minhas todos het een mijn onze alle de den det min "
        "mitt mina alla"
    ).split()
)
