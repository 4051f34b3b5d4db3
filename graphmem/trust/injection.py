"""Prompt injection in what memory is given to read, found in the text itself.

An email, a page or a tool result is something a source *said*. When it tries
to reach past memory into the agent — rewrite its rules, address it directly,
hand it a task or a permission, or have it send data somewhere — the write
path raises an alert and keeps the episode as inert evidence, whatever the
extractor made of it. The scan runs on the text, not on claims, so a model
that obeys the injection cannot hide it.

Patterns cover English and the most used languages (de, fr, es, it, pt, nl,
pl, ru, tr, zh, ja). A user changing their *own* instruction ("ignore my
previous instruction about Friday meetings") is not an attack: the scan is
for other sources, and even there "ignore my ..." is someone's own words.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Attack(StrEnum):
    OVERRIDE = "override"  # rewrite the agent's rules or identity
    ADDRESS = "address"  # speak to the agent and direct it
    GRANT = "grant"  # hand the agent a permission or approval
    EXFILTRATION = "exfiltration"  # send data out: forwarding, links, images


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE | re.UNICODE)


# A gap of a few words that is not "my": "ignore all previous" but not "ignore my previous".
_GAP = r"\s+(?:(?!my\b|mine\b)[\w'-]+\s+){0,4}"
# Someone's own earlier words ("ignore my previous instruction", "vergiss meine Regel") are
# theirs to change; only a verb not followed by a possessive of the speaker counts.
_NOT_MINE = (
    r"(?!\s+(?:my|mine|our|mes|mon|ma|nos|notre|meine[nrs]?|mein|unsere[nrs]?|mi|mis|mia|mio|"
    r"miei|mie|mijn|onze|minha|meu|minhas|meus|moje|moj\w*|мо[ийеяю]\w*)\b)"
)
_RULES_EN = (
    r"instructions?|rules?|polic(?:y|ies)|prompts?|guidelines?|directives?|constraints?|"
    r"programming|guardrails?|safety|restrictions?|orders|commands|context|guidance|"
    r"directions|above|configuration|settings"
)

_OVERRIDE = _rx(
    rf"\b(?:ignore|disregard|forget|override|bypass|discard|drop|abandon|skip)\b{_NOT_MINE}{_GAP}"
    rf"(?:{_RULES_EN})\b",
    r"\bsystem\s+prompt\b|\byou\s+are\s+now\b|\bdeveloper\s+mode\b|\bjailbreak|\bDAN\s+mode\b",
    r"\bnew\s+(?:system\s+)?(?:rules?|instructions?|polic(?:y|ies)|directives?)\s*(?::|for\s+you"
    r"|apply|are|take)",
    r"\b(?:updated|revised|overriding)\s+(?:system\s+)?(?:instructions?|rules?|directives?)\b",
    r"\byour\s+(?:new\s+|real\s+|true\s+)?(?:instructions?|rules?|role|task|purpose)\s+"
    r"(?:is|are|has|have)\b",
    r"\b(?:rules|instructions|guidelines)\s+(?:you\s+(?:were|have\s+been)\s+given\s+)?"
    r"(?:are|is)\s+(?:now\s+)?(?:outdated|obsolete|void|cancel+ed|revoked|suspended|"
    r"no\s+longer\s+valid)\b|\bfollow\s+only\s+(?:this|these|my|the\s+following)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:everything|anything|all|what(?:ever)?)\b.{0,30}?"
    r"\b(?:above|before|earlier|previous\w*|prior|so\s+far|you\s+were\s+told|said)\b",
    r"\b(?:admin|administrator|system|root|developer|security)\s+(?:override|notice|command|"
    r"directive)\b|\b(?:memory|preference|permission)\s+update\b",
    r"\b(?:real|actual|true|hidden|secret)\s+(?:instructions?|task|rules?|orders)\b",
    r"\bnew\s+(?:rules?|polic(?:y|ies)|instructions?|guidelines?)\s+for\s+(?:the\s+|all\s+)?"
    r"(?:AI|assistants?|agents?|(?:language\s+)?models?|bots?|LLMs?)\b",
    r"\b(?:with\s+no|without\s+any|free\s+of)\s+(?:rules|restrictions|limits|filters)\b|"
    r"\byou\s+are\s+(?:now\s+)?(?:ChatGPT|GPT|DAN|an?\s+unrestricted)\b",
    r"\bpretend\s+(?:to\s+be|you\s+are)\b|\bact\s+as\s+(?:an?\s+)?(?:unrestricted|admin|root)",
    # de
    rf"\b(?:ignoriere|ignorieren\s+Sie|vergiss|vergessen\s+Sie|missachte)\b{_NOT_MINE}.{{0,40}}"
    r"\b(?:Anweisungen|Regeln|Richtlinien|Vorgaben|Befehle)\b",
    r"\bneue\s+(?:System)?(?:anweisungen|regeln)\b|\bdu\s+bist\s+(?:jetzt|ab\s+sofort)\b",
    # fr
    rf"\b(?:ignore[zr]?|oublie[zr]?|ne\s+tiens\s+pas\s+compte)\b{_NOT_MINE}.{{0,40}}"
    r"\b(?:instructions|consignes|règles|directives)\b",
    r"\bnouvelles?\s+(?:instructions|consignes|règles)\b|\b(?:tu\s+es|vous\s+êtes)\s+maintenant\b",
    # es / pt / it
    rf"\b(?:ignora[rd]?|olvida[rd]?|omite|ignore|esqueça|esqueca|dimentica|tralascia)\b{_NOT_MINE}.{{0,40}}"
    r"\b(?:instrucciones|reglas|normas|instruções|instrucoes|regras|istruzioni|regole)\b",
    r"\bnuevas\s+instrucciones\b|\bnovas\s+instruções\b|\bnuove\s+istruzioni\b",
    r"\b(?:todo\s+lo\s+anterior|tout\s+ce\s+qui\s+précède|alles\s+(?:oben|bisherige|vorherige)|"
    r"tutto\s+(?:quanto\s+)?(?:sopra|precede)|tudo\s+(?:acima|o\s+que\s+foi\s+dito)|"
    r"powyższe|всё\s+(?:выше|сказанное))\b|(?:忽略|无视|忘记).{0,6}(?:上面|以上|之前|前面)",
    r"\bahora\s+eres\b|\bagora\s+você\s+é\b|\bora\s+sei\b",
    # nl / pl / tr
    rf"\b(?:negeer|vergeet)\b{_NOT_MINE}.{{0,40}}\b(?:instructies|regels|richtlijnen)\b|\bje\s+bent\s+nu\b",
    rf"\b(?:zignoruj|zapomnij|pomiń)\b{_NOT_MINE}.{{0,40}}\b(?:instrukcje|instrukcji|zasady|reguły)\b",
    r"\b(?:yok\s+say|unut|görmezden\s+gel)\w*.{0,40}|talimatları\s+(?:yok\s+say|unut|görmezden)",
    # ru
    rf"(?:игнорируй|игнорируйте|забудь|забудьте|отбрось)\w*{_NOT_MINE}.{{0,40}}"
    r"(?:инструкци|правил|указани)\w*",
    r"новые\s+инструкции|теперь\s+ты\b",
    # zh / ja
    r"(?:忽略|无视|忽视|忘记|忘掉).{0,12}(?:指令|指示|规则|说明|设定)",
    r"新的?(?:指令|指示|规则)|你现在是",
    r"(?:指示|命令|ルール|設定).{0,8}(?:を)?(?:無視|忘れ)",
    r"新しい指示|あなたは今から",
)

# Words for the assistant, and a second-person directive near them.
_AI = (
    r"\b(?:AI|A\.I\.|LLM|GPT|chatbot|language\s+model|(?:AI|virtual|email|digital|personal)\s+"
    r"assistant|assistant|agent|copilot|KI|IA|asistente|assistente|assistent|asystent|"
    r"ИИ|ассистент|нейросеть)\b|人工智能|助手|アシスタント|ＡＩ"
)
_DIRECT = (
    r"\byou\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+(?:required|instructed|"
    r"expected|obliged|obligated|supposed|to))\b|\b(?:is|are)\s+(?:now\s+)?(?:authori[sz]ed|"
    r"allowed|permitted|cleared)\s+to\b|\bplease\s+(?:immediately\s+)?(?:send|forward|reply|pay|transfer|"
    r"delete|share|update|add|remember|store|save|click|visit|open|execute|run)\b|"
    r"\b(?:du\s+musst|Sie\s+müssen|bitte\s+(?:sende|leite|überweise|lösche|speichere))\b|"
    r"\b(?:tu\s+dois|vous\s+devez|veuillez)\b|\b(?:debes|deberás|tienes\s+que|por\s+favor\s+"
    r"(?:envía|reenvía|paga|borra))\b|\b(?:devi|dovrai|per\s+favore\s+(?:invia|inoltra))\b|"
    r"\b(?:você\s+deve|voce\s+deve|deves|por\s+favor\s+(?:envie|encaminhe))\b|"
    r"\b(?:je\s+moet|u\s+moet)\b|\b(?:musisz|powinieneś)\b|\bmelisin\b|"
    r"(?:ты\s+должен|вы\s+должны|необходимо)|你(?:必须|需要|应该|要)|必ず|しなければ|してください"
)
_ADDRESS = _rx(
    rf"(?:{_AI}).{{0,60}}(?:{_DIRECT})",
    rf"(?:{_DIRECT}).{{0,60}}(?:{_AI})",
    r"\b(?:as|dear|attention|note\s+to|message\s+to|to\s+(?:any|the))\s+(?:an?\s+|the\s+)?"
    r"(?:AI|LLM|language\s+model|(?:AI\s+)?assistant|agent|chatbot)\b[,:]",
    r"\bif\s+you\s+are\s+(?:an?\s+)?(?:AI|LLM|language\s+model|assistant|agent|bot)\b",
    r"(?:^|[\n.;:!?]\s*|\bP\.?S\.?\s+|\b(?:dear|hey|hi|hello|attention)\s+)(?:AI|A\.I\.|assistant|"
    r"copilot|chatgpt|claude|gemini|bot|agent|LLM)\s*[:,—–-]",
    r"\b(?:to|for)\s+(?:any|the|all|every)\s+(?:[\w-]+\s+){0,2}(?:AI|assistants?|agents?|"
    r"language\s+models?|LLMs?|bots?|copilots?)\b",
    r"\b(?:AI|assistant|agent|model|LLM|bot|copilot)s?\s+(?:\w+\s+)?(?:reads?|reading|processes|"
    r"processing|summari[sz]es|summari[sz]ing|sees|parsing|parses)\s+(?:this|these|the\s+"
    r"following)\b",
    r"\bwhen\s+(?:summari[sz]ing|reading|processing|answering)\b.{0,40}\b(?:tell|ask|say|"
    r"include|add|instruct|recommend|send)\b",
    r"\b(?:tell|ask|instruct|advise|remind)\s+(?:the\s+)?user\s+to\b",
    r"\bhidden\s+(?:text|instructions?|message|prompt)\b",
    r"(?:^|\n)\s*(?:system|assistant|developer)\s*:",
    r"\b(?:system|assistant|developer)\s*:\s*(?:the\s+user|you|ignore|proceed|always|never|"
    r"new|from\s+now)",
    r"<\|im_start\|>|<\|system\|>|\[/?INST\]|<</?SYS>>|</?system>|</?instructions?>",
    r"#{2,}\s*(?:system|instructions?|new\s+task)\b",
    r"\b(?:BEGIN|END)\s+(?:SYSTEM|ADMIN|INSTRUCTIONS?)\b",
    r"\byour\s+(?:next|new|first|real)\s+(?:task|job|step|action)\b",
    r"\b(?:als|en\s+tant\s+qu[e']\s*|como|come|jako|как)\s*(?:KI|IA|AI|ИИ)\b",
    r"作为(?:一个)?(?:AI|人工智能|助手)|AIとして|アシスタントとして",
    r"\b(?:tu\s+próxima\s+tarea|dein\s+nächster\s+Auftrag|ta\s+prochaine\s+tâche|"
    r"il\s+tuo\s+prossimo\s+compito|sua\s+próxima\s+tarefa)\b",
)

_GRANT = _rx(
    r"\bwithout\s+(?:asking|confirm\w*|approval|checking|permission|(?:the\s+)?user'?s?\s+"
    r"(?:approval|consent|confirmation))\b",
    r"\bno\s+(?:need|longer\s+need)\s+to\s+(?:ask|confirm|check|verify)\b",
    r"\b(?:you\s+(?:are|have\s+been|were)\s+(?:now\s+)?(?:authori[sz]ed|allowed|permitted|"
    r"granted|cleared|approved))\b",
    r"\b(?:has|have)\s+(?:already\s+)?(?:authori[sz]ed|approved|pre-?approved|allowed|"
    r"permitted|consented)\s+(?:you|the\s+assistant|the\s+agent|all|any|every|automatic)",
    r"\b(?:auto-?(?:approve|pay|forward|accept)|pre-?approved?\s+for\s+all)\b",
    r"\b(?:the\s+)?(?:user|account\s+owner|owner)\s+(?:has\s+)?(?:already\s+)?(?:confirmed|"
    r"approved|agreed|signed\s+off)\b",
    r"\b(?:limit|limits|restrictions?|approval|confirmation|verification)\s+(?:is|are|has\s+been|"
    r"have\s+been)\s+(?:now\s+)?(?:lifted|removed|waived|disabled|suspended|no\s+longer\s+"
    r"(?:needed|required))\b",
    r"\b(?:store|save|remember|memori[sz]e|record|note)\b.{0,20}\b(?:that\s+)?(?:the\s+)?user\s+"
    r"(?:approves|wants|prefers|allows|authori[sz]es|agreed|consents|trusts)\b",
    r"\bohne\s+(?:Rückfrage|Bestätigung|zu\s+fragen|Nachfrage)\b",
    r"\bsans\s+(?:demander|confirmation|validation|autorisation)\b",
    r"\bsin\s+(?:pedir|preguntar|confirmación|confirmacion|autorización)\b",
    r"\bsenza\s+(?:chiedere|conferma|autorizzazione)\b",
    r"\bsem\s+(?:pedir|perguntar|confirmação|confirmacao|autorização)\b",
    r"\bzonder\s+(?:te\s+vragen|bevestiging|toestemming)\b",
    r"\bbez\s+(?:pytania|potwierdzenia|zgody)\b|\bonay\s+(?:almadan|olmadan)\b",
    r"без\s+(?:подтверждения|согласия|вопросов)",
    r"(?:无需|不需要|不用)(?:确认|询问|批准)|確認(?:なしで|せずに|不要)",
)

_DATA = (
    r"e-?mails?|messages?|mail|inbox|correspondence|files?|documents?|contacts?|data|payslips?|"
    r"payroll|financials?|statements?|contracts?|address\s+(?:book|list)|phone\s+numbers?|"
    r"conversations?|chat|history|memory|memories|passwords?|credentials|secrets?|"
    r"invoices?|attachments?|calendar|notes|records|keys?|tokens?"
)
_EXFILTRATION = _rx(
    rf"\b(?:forward(?:ing|ed)?|send(?:ing)?|copy(?:ing)?|upload|export|post|leak|share|"
    rf"transmit|email|bcc|cc)\b"
    rf"(?:\s+[\w'-]+){{0,6}}?\s+(?:{_DATA})\b.{{0,60}}?\b(?:to|into|at|with)\s+"
    r"(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://|this\s+(?:address|url|link|server|endpoint))",
    r"\b(?:bcc|cc)\s+(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\s+(?:on|in)\s+(?:all|every|each|any)\b",
    r"!\[[^\]]*\]\(\s*https?://[^)\s]*[?#&][^)]*\)",
    r"\benter\s+(?:their|your|the(?:\s+user'?s)?|his|her)\s+(?:credentials|password|PIN|login|"
    r"card\s+details)\b|\bask\s+for\s+(?:their|the\s+user'?s|his|her)\s+(?:PIN|password|"
    r"credentials|code)\b",
    r"\b(?:manda|envía|envia)\b.{0,50}\b(?:correo|e-?mail|dirección)\b",
    r"https?://[^\s)]*(?:\{[^}]*\}|%7B|\$\{|\$\(|<[A-Za-z_]+>|\[(?:DATA|SECRET|HISTORY)\])",
    r"\b(?:append|include|add|encode|embed|put)\b.{0,40}\b(?:conversation|chat|history|memory|"
    r"context|e-?mails?|passwords?|secrets?|data|credentials)\b.{0,40}\b(?:url|link|query|"
    r"image|parameter)\b",
    r"\b(?:leite|weiterleiten|sende|schicke)\b.{0,50}\b(?:E-?Mails?|Nachrichten|Dateien|Daten|"
    r"Passw[öo]rter)\b.{0,40}\b(?:an|weiter)\b",
    r"\b(?:transf[èée]r\w*|envoie[zr]?|fais\s+suivre)\b.{0,50}\b(?:e-?mails?|messages|"
    r"courriels|fichiers|données|mots\s+de\s+passe)\b.{0,40}\bà\b",
    r"\b(?:reenv[íi]a|env[íi]a|reenviar|enviar)\b.{0,50}\b(?:correos|mensajes|e-?mails|"
    r"archivos|datos|contraseñas)\b.{0,40}\ba\b",
    r"\b(?:inoltra|invia|manda)\b.{0,50}\b(?:e-?mail|mail|messaggi|file|dati|password)\b"
    r".{0,40}\ba\b",
    r"\b(?:encaminhe|envie|reencaminhe|mande)\b.{0,50}\b(?:e-?mails?|mensagens|arquivos|"
    r"ficheiros|dados|senhas)\b.{0,40}\bpara\b",
    r"\b(?:stuur|doorsturen|verstuur)\b.{0,50}\b(?:e-?mails?|berichten|bestanden|gegevens)\b",
    r"\b(?:przekaż|prześlij|wyślij)\b.{0,50}\b(?:e-?maile|wiadomości|pliki|dane|hasła)\b",
    r"\b(?:ilet|gönder)\w*.{0,50}(?:e-?postalar|mesajlar|dosyalar|veriler)|"
    r"(?:e-?postaları|mesajları|dosyaları)\s.{0,40}(?:ilet|gönder)",
    r"(?:перешли|перешлите|отправь|отправьте|пересылай)\w*.{0,50}"
    r"(?:письма|сообщения|файлы|данные|пароли)",
    r"(?:转发|发送|发给).{0,20}(?:邮件|消息|文件|数据|密码)|(?:邮件|消息|文件|数据).{0,60}(?:转发|发送)",
    r"(?:メール|メッセージ|ファイル|データ|パスワード).{0,60}(?:転送|送信|送って)",
)

# Verbs that act on the world or on memory: what an attacker wants the agent to do.
_ACT = (
    r"\b(?:send|forward|reply|respond|pay|wire|transfer|approve|authori[sz]e|delete|archive|"
    r"remove|share|add|mark|invite|schedule|list|output|reveal|store|save|remember|sign|buy|"
    r"book|put|set|change|update|upload|export|accept|trust|bcc|cc|condividi|inoltra|invia|"
    r"paga|approva|reenvía|reenvia|envía|paga|aprueba|borra|comparte|sende|leite|überweise|"
    r"lösche|speichere|genehmige|envoie|transfère|paye|approuve|supprime|ajoute|partage|"
    r"envie|encaminhe|pague|aprove|apague|compartilhe|stuur|betaal|verwijder|deel|"
    r"пересылай|перешли|отправ\w+|оплат\w+|удали\w*|сохрани\w*)\b|"
    r"转发|发送|支付|付款|删除|批准|分享|保存|転送|送信|支払|削除|承認|共有|保存"
)
_STANDING = (
    r"\b(?:from\s+now\s+on|going\s+forward|henceforth|for\s+the\s+future|from\s+this\s+"
    r"moment|a\s+partir\s+de\s+(?:ahora|agora|maintenant)|ab\s+sofort|ab\s+jetzt|désormais|"
    r"d'ora\s+in\s+poi|da\s+ora\s+in\s+poi|vanaf\s+nu|od\s+teraz|с\s+этого\s+момента|"
    r"отныне|впредь)\b|从现在起|从今以后|今後|これから"
)
_AI_VOCATIVE = (
    r"\b(?:hola|hello|hi|hey|dear|cher|chère|caro|cara|olá|ola|lieber|liebe|hallo|beste|"
    r"привет|здравствуй\w*)\s*,?\s*(?:AI\s+|IA\s+|KI-?)?(?:AI|IA|KI|ИИ|assistant\w*|"
    r"asistente|assistente|assistent|ассистент\w*|bot|agent|copilot)\b|"
    r"(?:助手|AI|アシスタント)(?:请注意|へ|[:：])"
)
_STRUCTURE = _rx(
    # Speaking to the agent by role, or a hidden channel for it.
    _AI_VOCATIVE,
    r"\b(?:whichever|any|every)\s+(?:AI|bot|assistant|agent|model|tool|summari[sz]er)\b",
    r"\b(?:note|message|instructions?|memo)\s+(?:to|for)\s+(?:the\s+)?(?:summari[sz]er|"
    r"assistant|agent|bot|AI|model|reader\s+model)\b",
    r"\b(?:assistant|agent|AI|bot|system|model)\s+instructions?\b|\[\[[^\]]{0,40}\]\]",
    r"<!--\s*(?:agent|assistant|AI|system|bot|note)\b|\bend\s+of\s+(?:e-?mail|message|"
    r"document|context)\b|\bnew\s+task\b|\bconversation\s+reset\b",
    r"\byour\s+(?:memory|configuration|settings|operator|system\s+prompt|context|training|"
    r"guidelines|programming)\b",
    r"\b(?:you'?re|you\s+are)\s+(?:an?\s+)?(?:\w+\s+)?(?:assistant|bot|agent|AI|model)\b"
    r"|\byou\s+are\s+[A-Z]\w*Bot\b",
    r"\btreat\s+(?:the\s+following|this|it)\s+as\b|\b(?:upon|after|when)\s+reading\b",
    r"\b(?:the\s+)?assistants?\s+(?:should|must|shall|are\s+to|is\s+to|can|may|will)\b",
    r"\bdo\s+not\s+(?:mention|show|tell|reveal)\b.{0,40}\b(?:user|this|paragraph|message)\b",
    # A standing rule, handed over with something to do, or for memory to keep.
    rf"(?:{_STANDING}).{{0,80}}(?:{_ACT})",
    rf"\b(?:remember|note|keep\s+in\s+mind)\b.{{0,30}}(?:{_STANDING}).{{0,60}}"
    r"\b(?:always|never|every|all)\b",
    # A grant without the words for one.
    r"\bno\s+(?:confirmation|approval|verification|sign-?off|review)\s*(?:is\s+)?(?:needed|"
    r"required|necessary)?\b|\bpre-?(?:approved|authori[sz]ed|cleared)\b|\bauto-?pay\b",
    r"\b(?:safety|security)\s+(?:checks?|filters?|rules?|mode)\s+(?:is|are)\s+(?:now\s+)?"
    r"(?:off|disabled)\b|\boverride\s+code\b|\b(?:has|have)\s+agreed\s+that\b",
    r"\bsupersedes?\s+(?:your|all|any|the)\b",
    # Data leaving by a link or an image.
    r"<img[^>]+src=['\"]?https?://[^'\"\s>]*\?",
    r"\bfollowed\s+by\s+(?:the\s+)?user'?s?\b|\bthe\s+last\s+\d+\s+(?:e-?mails|messages)\b",
    r"\b(?:output|print|reveal|dump|list|show)\s+(?:the\s+)?(?:contents\s+of\s+)?(?:your|the\s+"
    r"user'?s)\s+(?:\w+\s+)?(?:memory|context|instructions|prompt|contacts|addresses|e-?mails)\b",
)

_KINDS: tuple[tuple[Attack, re.Pattern[str]], ...] = (
    (Attack.OVERRIDE, _OVERRIDE),
    (Attack.ADDRESS, _ADDRESS),
    (Attack.GRANT, _GRANT),
    (Attack.EXFILTRATION, _EXFILTRATION),
)
# Signals of an attempt that name no single kind; reported as addressing the agent.
_GENERIC = _STRUCTURE

# Aimed at the system itself, not at someone's own earlier words: alert whoever says it.
_SYSTEM_TARGET = _rx(
    r"\b(?:system|safety|developer|security)\s+(?:prompt|rules?|instructions?|polic(?:y|ies)|"
    r"guidelines?|guardrails?)\b",
    r"\bdeveloper\s+mode\b|\bjailbreak|\byou\s+are\s+now\b|<\|im_start\|>|\[/?INST\]",
)


def scan(text: str) -> list[Attack]:
    """The kinds of injection ``text`` attempts, in a fixed order; empty when none."""
    found = [attack for attack, pattern in _KINDS if pattern.search(text)]
    if not found and _GENERIC.search(text):
        found = [Attack.ADDRESS]
    return found


def is_override_attempt(text: str, *, own_words: bool = False) -> bool:
    """Whether ``text`` tries to rewrite the rules. ``own_words``: the user is speaking, and
    changing their own instructions is theirs to do; only the system's rules are off limits."""
    if own_words:
        return bool(_SYSTEM_TARGET.search(text))
    return bool(_OVERRIDE.search(text) or _SYSTEM_TARGET.search(text))


def describe(attacks: list[Attack]) -> str:
    return "possible prompt injection (" + ", ".join(a.value for a in attacks) + ")"
