# ruff: noqa: E501 - one language's terms read best on one line
"""The words of the special categories (``graphmem.trust.sensitivity``), by category and language.

GDPR art. 9 names the special categories of personal data: racial or ethnic origin, political
opinions, religious or philosophical beliefs, trade-union membership, genetic and biometric
data, health, sex life and sexual orientation; art. 10 adds criminal convictions. Close to
them, and treated alike here: gender identity, pregnancy and fertility, disability,
addiction, immigration status, activism, and the details of a named child.

Each entry is a regular expression over case-folded text: terms that say something *about a
person* in that category (a diagnosis, a membership, a conviction), not the topic in passing
("Union Station", "a birthday party", "the hospital car park"). Stems end in ``\\w*``. The
languages are those the gate reads most: en, de, fr, es, it, pt, nl, pl, ru, sv, and
Japanese and Chinese terms that need no word boundaries.
"""

from __future__ import annotations

TERMS: dict[str, str] = {
    "health": (
        # en
        r"diagnos\w*|blood\s+(?:type|group|pressure|test|sugar)|medication|prescri\w+|insulin|chemo\w*|radiotherapy|"
        r"diabet\w*|cancer|tumou?r|leukaemia|leukemia|lymphoma|hiv\b|(?-i:AIDS)\b|hepatitis|asthma\w*|epilep\w+|seizures?|"
        r"multiple\s+sclerosis|parkinson\w*|alzheimer\w*|dementia|had\s+a\s+stroke|heart\s+(?:attack|scare|condition|surgery|failure)|"
        r"cardiac|arrhythmia|stent|bypass\s+surgery|(?:had|having|needs?|after|before|recovering\s+from)\s+(?:\w+\s+)?surgery|operation\s+on|biopsy|mri\b|ct\s+scan|x-ray|fracture\w*|broke\s+(?:my|his|her)\s+(?:leg|arm|wrist|ankle|hip|collarbone|nose|finger|toe|back)|"
        r"allerg\w*|intoleran\w*|coeliac|celiac|crohn\w*|colitis|ibs\b|migraines?|arthritis|osteopor\w*|thyroid\w*|"
        r"kidney\s+(?:stones?|disease|failure|transplant)|liver\s+(?:disease|failure)|dialysis|transplant|infection|covid|long\s+covid|flu\b|pneumonia|"
        r"physiotherap\w*|physical\s+therapy|hospital(?:ised|ized)|in\s+hospital|icu\b|a&e\b|grommets|appendicitis|appendix\s+(?:out|removed|burst)|tonsil\w*|"
        r"antibiotics?|painkillers?|crutches|on\s+crutches|broken\s+(?:leg|arm|wrist|ankle|hip|collarbone)|migraine\w*|knee\s+op\b|ibuprofen|paracetamol|sertraline|metformin|lithium|ozempic|statins?|inhaler|epipen|"
        r"symptoms?|chronic\s+\w+|terminal(?:ly)?\s+ill|palliative|oncolog\w*|cardiolog\w*|neurolog\w*|gastro\w*|"
        r"dermatolog\w*|gyn(?:a)?ecolog\w*|urolog\w*|endocrin\w*|rheumat\w*|"
        # de
        r"blutgruppe|diagnose|medikament\w*|krebs|tumor|chemo|zuckerkrank\w*|herzinfarkt|schlaganfall|operiert|"
        r"im\s+krankenhaus|klinikaufenthalt|allergi\w*|unverträglich\w*|asthma|epilepsie|rheuma|krank(?:heit)?|"
        r"physiotherapie|reha\b|krücken|\bop\b(?=\s+(?:am|an|noch|am\s+knie))|knie-op|arzt\w*\s+(?:sagt|meint|hat)|"
        # fr
        r"groupe\s+sanguin|diagnosti\w*|médicament\w*|traitement|chimio\w*|cancer|diabète|diabétique|allergi\w*|"
        r"intolérant\w*|asthme|épilep\w*|opéré\w*|à\s+l\'hôpital|hospitalis\w*|maladie|malade|infarctus|avc\b|"
        # es / it / pt
        r"grupo\s+sanguíneo|diagnóstic\w*|medicament\w*|tratamiento|quimio\w*|cáncer|diabet\w*|alérgic\w*|alergia|"
        r"asma|epilepsia|migraña\w*|operad[oa]|hospitalizad[oa]|en\s+el\s+hospital|enfermedad|enferm[oa]|infarto|"
        r"gruppo\s+sanguigno|diagnosi|farmac\w+|terapia|chemio\w*|cancro|tumore|allergic\w*|allergia|ricoverat\w*|"
        r"in\s+ospedale|malattia|malat[oa]|"
        r"tipo\s+sanguíneo|doença|doente|cirurgia|internad[oa]|alérgic[oa]|"
        # nl / pl / ru / sv
        r"bloedgroep|medicijn\w*|kanker|suikerziekte|allergisch|in\s+het\s+ziekenhuis|opgenomen|ziekte|ziek\b|geopereerd|"
        r"grupa\s+krwi|leki\b|lekarstw\w*|nowotw\w*|rak\b|cukrzyc\w*|alergi\w*|szpital\w*|choroba|chor[ya]\b|operacj\w*|"
        r"диагноз|группа\s+крови|лекарств\w*|рак\b|диабет\w*|аллерги\w*|больниц\w*|болезн\w*|болеет|операци\w*|"
        r"blodgrupp|diagnos\w*|medicin\w*|cancer|diabetes|allergisk|sjukhus|sjukdom|"
        # ja / zh
        r"診断|病気|入院|手術|糖尿病|がん|癌|薬を|アレルギー|喘息|持病|通院|血液型|"
        r"诊断|生病|住院|手术|糖尿病|癌症|过敏|哮喘|血型"
    ),
    "mental_health": (
        r"(?<!great )(?<!tropical )(?<!economic )depression\w*|depressed|depressive\w*|anxiety|panic\s+attacks?|bipolar|psych\s+ward|manic\s+episode|mental\s+hospital|obsessive[- ]compulsive|obsessivo-compulsiv\w*|obsesivo-compulsiv\w*|perturbação|trastorno\s+\w+|adhd|autis\w*|asperger\w*|schizophren\w*|ptsd|ocd\b|"
        r"eating\s+disorder|anorexi\w*|bulimi\w*|self[- ]harm|suicid\w*|psychiatr\w*|(?:my|our|his|her|see\s+a|seeing\s+a)\s+psychologist|therap(?:y|ist)|"
        r"(?:my|our|his|her|see\s+a|seeing\s+a)\s+counsell?or|counsell?ing\s+(?:sessions?|for\s+my)|burn-?out|(?:nervous|mental)\s+breakdown|antidepressant\w*|(?:my|his|her|their)\s+mental\s+health|mental\s+health\s+(?:issues?|problems?|struggles?|condition|crisis)|"
        r"(?:habe|hat|hatte|haben|leide\w*\s+an|unter|wegen|mit)\s+(?:einer?\s+|meiner\s+|seiner\s+|ihrer\s+)?depression\w*|depressionen|angststörung|panikattack\w*|burnout|psychiater|psychotherap\w*|therapeut\w*|"
        r"dépression|anxiété|psychiatre|(?:mon|ma|un)\s+psychologue|thérap\w*|"
        r"depresión|ansiedad|psiquiatr\w*|psicólog\w*|terapeuta|"
        r"depressione|ansia|psichiatr\w*|psicolog\w*|terapeuta|"
        r"depressão|ansiedade|psiquiatra|psicólog\w*|"
        r"depressie|angststoornis|psychiater|therapeut|"
        r"depresj\w*|psychiatr\w*|terapeut\w*|"
        r"депресси\w*|тревожн\w*|психиатр\w*|психолог\w*|"
        r"うつ|鬱|不安障害|パニック|精神科|心療内科|カウンセリング|抑郁|焦虑|心理医生|精神科"
    ),
    "sexual_orientation": (
        r"\bgay\b|\bhomo\b(?!\s+(?:sapiens|erectus|neanderthalensis|habilis|economicus|faber|ludens))|lesbian|her\s+wife\b|his\s+husband\b|bisexual|\bbi\b(?=\s+(?:and|but|so|myself))|pansexual|asexual|\bace\b(?=\s+and)|queer|homosexual|"
        r"heterosexual|straight\s+(?:man|woman)|coming\s+out\s+(?:as|to)|came\s+out\s+(?:as|to)|not\s+out\s+to|"
        r"sex\s+life|sexual\s+(?:health|orientation|partner)|polyamor\w*|open\s+relationship|"
        r"schwul|lesbisch|homosexuell|bisexuell|"
        r"homosexuel\w*|lesbienne|bisexuel\w*|"
        r"homosexual|lesbiana|bisexual|gai\b|"
        r"omosessual\w*|lesbica|bisessual\w*|"
        r"homossexual|lésbica|"
        r"homoseksu\w*|lesbijk\w*|biseksu\w*|гей|лесби\w*|бисексуал\w*|"
        r"ゲイ|レズビアン|バイセクシュアル|同性愛|同性恋"
    ),
    "gender_identity": (
        r"transgender|\btrans\s+(?:man|woman|person|kid|daughter|son)|pessoa\s+trans|persona\s+trans|non-?binary|nonbinary|non-?binair\w*|genderqueer|genderfluid|testosterone|oestrogen|estrogen\s+(?:therapy|patches)|gender\s+marker|identidade\s+de\s+género|identidad\s+de\s+género|voornaamwoord|"
        r"gender\s+(?:identity|dysphoria|transition|affirming)|transitioned\s+(?:to|as)\s+(?:a\s+)?(?:man|woman|male|female)|(?:my|their|his|her)\s+pronouns|pronouns\s+they|they/them|"
        r"hormone\s+(?:therapy|replacement)|hrt\b|deadname|"
        # A person "is transitioning" with no object; a company "is transitioning to AWS".
        r"(?:\bis|\bare|\bam|'s|’s|\bbeen|\bstarted|\bbegan)\s+transitioning\b(?!\s+(?:to|into|from|away|over|out|between|back|our|their|the|its|his|her)\b)|"
        r"transgeschlecht\w*|transident\w*|nichtbinär|transgenre|non-binaire|no\s+binari[oa]|transgénero|"
        r"transgender|トランスジェンダー|性別違和|跨性别"
    ),
    "religion": (
        r"christian|catholic|protestant|evangelical|baptist|methodist|anglican|orthodox\s+(?:jew|christian|church)|"
        r"muslim|islam\w*|jewish|judaism|hindu\w*|buddhis\w+|sikh\w*|jain\w*|atheis\w+|agnostic|mormon|"
        r"jehovah|quaker|pagan|wicca\w*|mosque|synagogue|ramadan|kosher|halal|shabbat|sabbath|passover|diwali|eid\b|"
        r"(?:my|our|his|her|their)\s+(?:own\s+)?(?:religion|faith)\b|"
        r"(?:am|i'm|is|are|we're|was|were|be|been|grew\s+up|raised)\s+(?:\w+\s+)?religious|"
        r"religious\s+(?:belief|beliefs|faith|upbringing|background|conversion|practice)|"
        r"(?:go|goes|went|going)\s+to\s+(?:church|mass|temple|the\s+mosque)|mass\s+every|bible\s+study|estudio\s+bíblico|bouddhiste|budista|buddhista|boeddhist\w*|evangélic[oa]|testimone\s+di\s+geova|testig[oa]\s+de\s+jehová|testemunha\s+de\s+jeová|espírita|zeugen\s+jehovas|témoin\s+de\s+jéhovah|pray(?:s|ed|ing)?\s+(?:five|every|daily)|"
        r"katholisch|evangelisch|muslimisch|jüdisch|moschee|kirchgang|"
        r"catholique|musulman\w*|juif|juive|mosquée|pratiquant\w*|"
        r"católic[oa]|musulm[aá]n\w*|judí[oa]|mezquita|misa|"
        r"cattolic[oa]|musulman[oa]|ebre[oa]|moschea|"
        r"muçulman[oa]|judeu|judia|missa|"
        r"katholiek|moslim|joods|moskee|"
        r"katoli\w*|muzułma\w*|żyd\w*|meczet|"
        r"христиан\w*|православн\w*|мусульман\w*|иуде\w*|мечет\w*|"
        r"クリスチャン|キリスト教|仏教|イスラム|ムスリム|創価|信者|教会に|礼拝|基督徒|佛教|伊斯兰|穆斯林"
    ),
    "politics": (
        r"vote[sd]?\s+(?:for|labour|tory|conservative|democrat|republican|green|liberal)|"
        r"(?:democrat|republican|labour|tory|conservative|liberal|socialist|communist|libertarian|green)s?\s+"
        r"(?:voter|supporter|member|party|councillor|candidate|activist)|"
        r"registered\s+(?:democrat|republican|independent)|(?:member|volunteer)\s+(?:of|for)\s+the\s+\w+\s+party|"
        r"volunteer\w*\s+for\s+the\s+(?:party|campaign)|party\s+(?:member|membership|card|conference|meeting|branch)|"
        r"political\s+(?:views?|party|affiliation|opinions?)|social\s+democrat\w*|christian\s+democrat\w*|(?:local|party)\s+(?:\w+\s+){0,2}branch|canvass\w*|campaign(?:ing|ed)?\s+for\s+(?:the\s+)?\w+\s+(?:party|candidate)|"
        r"far[- ](?:left|right)|left[- ]wing|right[- ]wing|"
        r"wähle\w*|partei(?:mitglied|buch|tag|büro)|mitglied\s+(?:der|in\s+der)\s+\w+|spd|cdu|afd|grüne[nr]?|"
        r"vote\s+pour|vote\s+(?-i:[A-Z])\w+|militant(?:e|es|s)?\s+(?:du|de|des|au|à|chez|pour|syndica\w*|écologiste|associati\w*)\b|(?:suis|est|sont|être|reste)\s+militant\w*|adhérent\w*\s+(?:au|du|de)|parti\s+(?:socialiste|communiste|écologiste)|"
        r"voto\s+(?:a|al|por)|afiliad[oa]\s+al|militante|"
        r"iscritt[oa]\s+al|tesserat[oa]|partito\s+\w+|"
        r"filiad[oa]\s+(?:ao|no)|membro\s+do\s+partido|"
        r"stem\s+(?:\w+\s+){0,3}op\s+(?:de\s+)?(?-i:[A-Z])|partijlid|lid\s+van\s+de\s+\w+partij|"
        r"głosuj\w*\s+na|członk\w*\s+partii|партии|голосую\s+за|партийн\w*|"
        r"röstar\s+på|partimedlem|"
        r"支持政党|党員|後援会|選挙で|投票し|党员|投票给"
    ),
    "trade_union": (
        r"(?:my|our|the)\s+(?:trade|labou?r)\s+union|\b\w+s\'\s+union|union\s+(?:member\w*|rep\w*|steward|dues|card|branch|meeting|hall|organi[sz]er|official|local)|"
        r"shop\s+steward|teamsters|walk(?:ing|ed)?\s+out\s+(?:with|on)|unionis\w*|strike\s+(?:ballot|action|pay|committee)|on\s+strike|went\s+on\s+strike|picket\s+line|"
        r"(?:joined|member\s+of|in)\s+the\s+(?!european|soviet|african|student|credit)(?:\w+\s+){0,2}union|collective\s+bargaining|"
        r"gewerkschaft\w*|betriebsrat\w*|streike\w*|im\s+streik|streikposten|ver\.di|ig\s+metall|"
        r"syndicat\w*|syndiqué\w*|délégué\w*\s+syndica\w*|en\s+grève|faire\s+grève|gréviste\w*|cgt\b|cfdt\b|"
        r"sindica\w*|en\s+huelga|hago\s+huelga|ccoo|ugt\b|"
        r"iscritt[oa]\s+al\s+sindacato|sindacalista|delegat[oa]\s+sindacale|in\s+sciopero|faccio\s+sciopero|scioperat\w*|cgil|cisl|"
        r"sindicato|sindicalizad\w*|em\s+greve|"
        r"vakbond\w*|fnv\b|in\s+staking|"
        r"związ\w*\s+zawodow\w*|strajkuj\w*|na\s+strajku|solidarność|"
        r"профсоюз\w*|на\s+забастовк\w*|бастую\w*|"
        r"fackförbund\w*|facket|strejkar|i\s+strejk|"
        r"組合員|労組の|組合に入|ストライキに|工会会员|罢工"
    ),
    "activism": (
        r"extinction\s+rebellion|greenpeace|just\s+stop\s+oil|black\s+lives\s+matter|blm\b|amnesty\s+international|"
        r"(?:march|marched|marching|protest\w*|demonstrat\w*|rall(?:y|ied|ies))\s+(?:with|for|against|in\s+support)|"
        r"(?:join|joined)\s+(?:the\s+)?(?:march|protest|demonstration|blockade|sit-in)|"
        r"activis[tm]\w*|campaigner|(?:rights|climate|housing|tenants?')\s+(?:group|movement|coalition|campaign)|"
        r"civil\s+disobedience|got\s+arrested\s+at|organi[sz]ers?\s+of\s+the\s+(?:\w+\s+){0,3}(?:march|protest|strike|rally)|climate\s+(?:march|strike)\w*|anti-\w+\s+campaign|fridays\s+for\s+future|klimastreik|manifesté|collettivo|colectivo|collectif|in\s+piazza|demonstratie\s+tegen|"
        r"demonstrier\w*|demo\s+gegen|aktivist\w*|kundgebung|"
        r"manifestation\w*|manif\b|militant(?:e|es|s)?\s+(?:du|de|des|au|à|chez|pour|syndica\w*|écologiste|associati\w*)\b|(?:suis|est|sont|être|reste)\s+militant\w*|"
        r"manifestaci\w*|activista|concentraci\w*|plataforma\s+de\s+afectados|"
        r"manifestazion\w*|attivist\w*|corteo|presidio|"
        r"manifestaç\w*|ativista|protesto|"
        r"demonstreer\w*|actievoerder|betoging|"
        r"demonstracj\w*|protestuj\w*|aktywist\w*|"
        r"митинг\w*|протест\w*|активист\w*|"
        r"デモに|抗議|活動家|集会に|示威|抗议|活动人士"
    ),
    "ethnicity": (
        r"(?:i'm|i\s+am|we're|we\s+are|(?:my|our|his|her)\s+(?:mother|father|mum|mom|dad|wife|husband|partner|grandmother|grandfather|grandma|grandpa|family|parents|son|daughter|boyfriend|girlfriend|father-in-law|mother-in-law)\s+(?:is|was|are))\s+(?:half[- ])?"
        r"(?:black|white|asian|latin[oax]|hispanic|arab|jewish|roma|romani|sinti|indigenous|aboriginal|"
        r"first\s+nations|m[aā]ori|kurdish|berber|mixed[- ]race|biracial)\b|"
        r"ethnic(?:ity|ally)?|racial(?:ly)?|as\s+a\s+black\s+(?:woman|man|person)|\bromani\b|\bsint[oi]\b|sintiza|afrodiscendent\w*|afrodescendient\w*|afrodescendent\w*|i\'m\s+half[- ]\w+|half[- ]\w+\s+on\s+my|(?:my|our|your|his|her|their)\s+race\s+(?:is|was)|skin\s+colou?r|heritage\s+(?:is|from)|of\s+\w+\s+descent|"
        r"racis[mt]\w*|discriminat\w*\s+(?:because|for\s+being)|"
        r"herkunft|abstammung|migrationshintergrund|kurd\w*|sinti|roma\b|"
        r"origine\s+(?:ethnique|\w+)|d'origine|métis\w*|"
        r"origen\s+étnico|gitan[oa]|indígena|"
        r"origine\s+etnica|"
        r"origem\s+étnica|cigan[oa]|"
        r"afkomst|molukker\w*|surinaams\w*|marokkaans\w*|turks[e]?\s+(?:roots|afkomst)|"
        r"pochodzeni\w*|romsk\w*|национальност\w*|цыган\w*|"
        r"在日|ハーフ|部落|民族|少数民族"
    ),
    "immigration": (
        r"visa\s+(?:status|application|expires|runs\s+out|renewal|interview)|(?:spousal|student|work|tourist|partner)\s+visa|on\s+an?\s+\w+\s+visa|permanent\s+residen\w*|work\s+permit|residence\s+permit|"
        r"green\s+card|citizenship\s+(?:interview|test|application)|naturali[sz]ation|asylum|refugee|undocumented|"
        r"overstay\w*|deport\w*|immigration\s+(?:status|lawyer|hearing|officer|papers)|leave\s+to\s+remain|settled\s+status|"
        r"aufenthalt\w*|asyl\w*|einbürgerung|abschieb\w*|duldung|flüchtling\w*|"
        r"titre\s+de\s+séjour|sans[- ]papiers|demande\s+d'asile|naturalisation|réfugié\w*|"
        r"permiso\s+de\s+residencia|tramitando\s+la\s+residencia|arraigo|asilo\s+político|refugiad[oa]|sin\s+papeles|"
        r"permesso\s+di\s+soggiorno|rifugiat[oa]|"
        r"autorização\s+de\s+residência|"
        r"verblijfsvergunning|asielzoeker|naturalisatie|"
        r"karta\s+pobytu|azyl\w*|uchodźc\w*|"
        r"вид\s+на\s+жительство|беженц\w*|"
        r"uppehållstillstånd|asyl\w*|flykting\w*|"
        r"在留資格|在留カード|入管|ビザ|難民|永住権|帰化|签证|难民|绿卡"
    ),
    "criminal_record": (
        r"criminal\s+record|convict\w*|sentenced|(?:in|to|from|out\s+of)\s+(?:jail|prison)|prison\s+(?:sentence|term)|jail\s+time|behind\s+bars|inside\s+for|got\s+out\s+after|parole|"
        r"probation|community\s+service|dui\b|dwi\b|drink[- ]driving|arrested|charged\s+with|court\s+case|"
        r"pleaded\s+guilty|suspended\s+sentence|ankle\s+(?:tag|monitor)|ex-?(?:con|offender)|"
        r"vorstraf\w*|vorbestraft|führungszeugnis|verurteil\w*|im\s+gefängnis|haftstrafe|bewährung|festgenommen|"
        r"casier\s+judiciaire|condamn\w*|en\s+prison|sursis|incarcér\w*|"
        r"antecedentes\s+penales|condenad[oa]|en\s+la\s+cárcel|en\s+prisión|libertad\s+condicional|detenid[oa]|"
        r"fedina\s+penale|ai\s+domiciliari|scontando\s+una\s+pena|condannat[oa]|in\s+carcere|in\s+prigione|arrestat[oa]|"
        r"registo\s+criminal|condenad[oa]|na\s+prisão|na\s+cadeia|pena\s+suspensa|"
        r"strafblad|taakstraf|veroordeeld|in\s+de\s+gevangenis|"
        r"kartotek\w*|skazan\w*|w\s+więzieniu|"
        r"судимост\w*|осужд\w*|в\s+тюрьм\w*|"
        r"dömd|i\s+fängelse|"
        r"前科|逮捕|服役|刑務所|有罪|犯罪记录|坐牢"
    ),
    "genetics_biometrics": (
        r"fingerprints?\s+(?:scan|data|on\s+file)|face\s?id\s+(?:data|scan)|facial\s+(?:scan|geometry|recognition\s+data)|"
        r"retina\w*\s+scan|iris\s+scan|dna\s+(?:test|results?|sample)|genom\w+\s+(?:test|sequenc\w*)|genetic\s+(?:test\w*|condition|marker|disorder|risk)|"
        r"23andme|ancestrydna|brca\d?|carriers?\s+of|carriers?\s+on\s+the|genetic\s+panel|dna\s+kit|dna-test|gene\s+mutation|hereditary|impronte\s+digitali|scansione\s+dell\'iride|drager\s+(?:ben|van)|voice\s?print|biometric\w*|"
        r"gentest|genetisch\w*|erbkrank\w*|träger(?:in)?\s+der|"
        r"test\s+génétique|maladie\s+génétique|porteu(?:r|se)\s+(?:de|du)|"
        r"prueba\s+genética|genétic[oa]|portador[a]?\s+de|"
        r"test\s+genetico|malattia\s+genetica|portat(?:ore|rice)|"
        r"teste\s+genético|"
        r"erfelijk\w*|genetische|drager\s+van|"
        r"遺伝子検査|遺伝性|指紋データ|基因检测|遗传"
    ),
    "pregnancy": (
        r"pregnan\w*|expecting\s+(?:a\s+baby|twins)|due\s+date|trimester|ivf\b|fertility\s+(?:treatment|clinic)|"
        r"egg\s+(?:retrieval|freezing)|embryo\w*|miscarr\w*|morning\s+sickness|antenatal|prenatal|obstetric\w*|midwife|"
        r"schwanger\w*|kinderwunsch\w*|eizell\w*|fehlgeburt|hebamme|"
        r"enceinte|attend\w*\s+(?:un\s+bébé|des\s+jumeaux|un\s+enfant)|fausse\s+couche|fiv\b|sage-femme|"
        r"embarazad[ao]|embarazo|aborto|fecundación|"
        r"incinta|gravidanza|aborto\s+spontaneo|fecondazione|"
        r"grávida|gravidez|"
        r"zwanger\w*|miskraam|ivf-?\w*|"
        r"w\s+ciąży|ciąż\w*|poronieni\w*|беременн\w*|выкидыш|gravid\w*|"
        r"妊娠|妊活|不妊|流産|つわり|怀孕|孕期|流产|试管"
    ),
    "disability": (
        r"disabilit\w*|(?:i\'m|i\s+am|he\'s|she\'s|they\'re|is|are)\s+disabled\b(?!\s+on)|disabled\s+(?:person|people|badge|son|daughter|child|parking\s+permit)|(?:in|uses?|using|needs?)\s+a\s+wheelchair|wheelchair\s+user|deaf\s+in|registered\s+blind|(?-i:\bMS\b)|(?:is|am|went|gone|legally|partially)\s+blind|(?:is|am|profoundly|partially|born)\s+deaf|hard\s+of\s+hearing|hearing\s+aids?|visually\s+impaired|"
        r"sign\s+language\s+(?:user|interpreter)|cerebral\s+palsy|spina\s+bifida|down'?s?\s+syndrome|amputee|prosthe\w*|"
        r"mobility\s+(?:aid|scooter|impair\w*)|paraly\w*|dyslexi\w*|dyspraxi\w*|"
        r"(?:bin|ist|sind)\s+(?:\w+\s+)?behindert|schwerbehindert\w*|behinderung|im\s+rollstuhl|gehörlos|schwerhörig|hörgerät\w*|"
        # Whole words: "sourdough", a golf handicap and a "doofus" disclose nothing.
        r"handicap(?:é|ée|és|ées|ped)\b|(?:un|son|mon|leur|de|du)\s+handicap\b|"
        r"fauteuil\s+roulant|sourd(?:e|s|es)?\b|malvoyant\w*|appareils?\s+auditifs?|"
        r"discapacidad|silla\s+de\s+ruedas|sord[oa]|ciego|audífonos?|dislexia|"
        r"disabilità|sedia\s+a\s+rotelle|non\s+vedente|cieco|apparecchi\s+acustici|"
        r"deficiência|cadeira\s+de\s+rodas|surd[oa]|amputad[oa]|prótese|"
        r"gehandicapt|rolstoel|doof\b|slechthorend\w*|slechtziend\w*|"
        r"niepełnospraw\w*|wózek\s+inwalidzki|инвалид\w*|rullstol|funktionsnedsätt\w*|"
        r"障害|車椅子|補聴器|聴覚|視覚障|残疾|轮椅|助听器"
    ),
    "addiction": (
        r"(?:an?|recovering|former)\s+addict|addiction|addicted\s+to\s+(?:alcohol|drugs|heroin|cocaine|opioids|painkillers|gambling|pills|meth)|alcoholi\w*|(?-i:\bNA\b)\s+meetings?|drinking\s+(?:problem|has\s+got)|quit\s+gambling|self-excluded|metadona|viciad[oa]|sober\b|sobriety|in\s+recovery\s+from|relaps\w*|(?:drug|alcohol)\s+rehab|aa\s+meetings?|alcoholics\s+anonymous|"
        r"narcotics\s+anonymous|gambling\s+(?:problem|addiction)|methadone|overdos\w*|drug\s+(?:problem|use|habit)|"
        r"sucht|süchtig|alkoholiker\w*|trocken\s+seit|entzug|rückfall|"
        r"addiction|dépendan\w*|alcoolique|sevrage|rechute|"
        r"adicci\w*|adict[oa]|alcohólic[oa]|"
        r"dipendenz\w*|alcolist[ao]|tossicodipend\w*|"
        r"vício|dependente|alcoólic[oa]|"
        r"verslav\w*|alcoholist|afkick\w*|"
        r"uzależni\w*|alkoholi\w*|зависимост\w*|алкогол\w*|missbruk|beroende|"
        r"依存症|アルコール依存|断酒|上瘾|戒酒|戒毒"
    ),
    "finances": (
        r"salary|salaries|income|wage|paycheck|pay\s+rise|debt\w*|loan\w*|mortgage|overdraft|credit\s+score|"
        # "you earned it" and "I owe you one" are not about money: these need an amount.
        r"(?:earn(?:s|ed|ing)?|owe[sd]?)\s+(?:\w+\s+){0,2}?(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:k|K|grand|dollars|euros|pounds|USD|EUR|GBP)\b|(?:a|per)\s+(?:year|month|hour)\b|money)|"
        r"credit\s+card\s+debt|net\s+worth|savings|bank\s+balance|bankrupt\w*|in\s+the\s+red|behind\s+on\s+(?:rent|payments)|"
        r"gehalt|schulden|kredit|salaire|dettes?|prêt|sueldo|salario|deudas?|hipoteca|stipendio|debiti|mutuo|"
        r"salário|dívidas?|salaris|"
        r"[$€£]\s?\d[\d,.]*\s?(?:k|K|a\s+year|per\s+year|/yr|/year|annually)"
    ),
}
