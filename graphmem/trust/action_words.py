# ruff: noqa: E501 - word lists read best one language to a line
"""The words the action guard reads (``graphmem.trust.actions``), by language.

Only ``READ`` approves anything: an action whose head is one of these verbs, or a question,
and that names no ``RISKY`` verb, is read-only. Everything else — an unknown verb, an
unknown language, a word this list lacks — is the risky case and needs the user's
confirmation. So ``READ`` is kept narrow (verbs that only look, search, count, summarise or
translate: not "open", "get me", "check in", "draft"), and ``RISKY`` broad: its job is to
veto a read verb that shares the action with one that changes something ("find the invoice
and pay it").

Words are case-folded. Spaced languages match whole words (``READ``, ``RISKY``) or word
beginnings (``RISKY_STEMS``, for inflected forms); Chinese and Japanese have no spaces, so
their entries match inside the text (``READ_INSIDE``, ``RISKY_INSIDE``).
"""

from __future__ import annotations

import unicodedata

READ: dict[str, frozenset[str]] = {
    "en": frozenset(
        (
            "show shows showing list lists listing view views viewing display read reads "
            "reading find finds finding search searches searching look looks looking lookup "
            "browse count counts counting summarise summarize summarises summarizes "
            "summarising summarizing summary translate translates translating preview "
            "previews previewing describe describes explain explains compare compares "
            "calculate calculates compute computes estimate estimates analyse analyze "
            "analyses analyzes inspect inspects query queries retrieve retrieves fetch "
            "fetches fetching check checks checking verify verifies see monitor watch track "
            "tracks recall identify locate locates"
        ).split()
    ),
    "de": frozenset(
        (
            "zeige zeig zeigen anzeigen liste listen auflisten lies lese lesen suche such "
            "suchen finde finden durchsuchen zähle zählen zusammenfassen fasse übersetze "
            "übersetzen vergleiche vergleichen berechne berechnen prüfe prüfen überprüfe "
            "überprüfen kontrolliere kontrollieren nachschauen nachsehen schau schaue schauen "
            "sieh anschauen abrufen ermittle ermitteln übersetz zeig prüf lies abfragen"
        ).split()
    ),
    "fr": frozenset(
        (
            "affiche afficher affichez montre montrer montrez liste lister listez lis lire "
            "lisez cherche chercher cherchez recherche rechercher recherchez trouve trouver "
            "trouvez compte compter comptez résume résumer résumez traduis traduire traduisez "
            "compare comparer comparez calcule calculer calculez vérifie vérifier vérifiez "
            "consulte consulter consultez regarde regarder regardez dis-moi"
        ).split()
    ),
    "es": frozenset(
        (
            "muestra mostrar muéstrame muestre lista listar enumera lee leer léeme busca "
            "buscar búscame encuentra encontrar cuenta contar resume resumir resúmeme traduce "
            "traducir compara comparar calcula calcular comprueba comprobar verifica "
            "verificar revisa revisar consulta consultar mira mirar ver enseña enséñame "
            "enseñar muéstrame léeme dime"
        ).split()
    ),
    "it": frozenset(
        (
            "mostra mostrami mostrare elenca elencare leggi leggere cerca cercare cercami "
            "trova trovare conta contare riassumi riassumere traduci tradurre confronta "
            "confrontare calcola calcolare controlla controllare verifica verificare consulta "
            "consultare guarda guardare visualizza visualizzare leggimi cercami trovami "
            "vedere vedi dimmi"
        ).split()
    ),
    "pt": frozenset(
        (
            "mostra mostre mostrar mostra-me lista liste listar lê leia ler procura procure "
            "procurar busca busque buscar encontra encontre encontrar conta conte contar "
            "resume resuma resumir traduz traduza traduzir compara compare comparar calcula "
            "calcule calcular verifica verifique verificar consulta consulte consultar vê "
            "veja ver exibe exiba exibir"
        ).split()
    ),
    "nl": frozenset(
        (
            "toon tonen laat lijst opsommen lees lezen zoek zoeken vind vinden tel tellen "
            "samenvatten vat vertaal vertalen vergelijk vergelijken bereken berekenen "
            "controleer controleren bekijk bekijken raadpleeg raadplegen weergeven zien"
        ).split()
    ),
    "pl": frozenset(
        (
            "pokaż pokazać wyświetl wyświetlić wypisz wylistuj przeczytaj czytaj przeczytać "
            "szukaj wyszukaj znajdź znaleźć policz policzyć podsumuj podsumować przetłumacz "
            "przetłumaczyć porównaj porównać oblicz obliczyć sprawdź sprawdzić zobacz"
        ).split()
    ),
    "ru": frozenset(
        (
            "покажи показать покажите выведи вывести перечисли список прочитай прочитать "
            "прочти читать найди найти поищи поиск искать посчитай посчитать подсчитай "
            "резюмируй кратко переведи перевести сравни сравнить рассчитай рассчитать вычисли "
            "проверь проверить посмотри посмотреть узнай узнать отобрази отобразить"
        ).split()
    ),
    "uk": frozenset(
        (
            "покажи показати виведи перелічи прочитай прочитати знайди знайти пошукай порахуй "
            "підсумуй переклади перекласти порівняй перевір перевірити подивись"
        ).split()
    ),
    "tr": frozenset(
        (
            "göster göstermek listele listelemek kontrol oku okumak ara aramak bul bulmak say "
            "saymak özetle özetlemek çevir çevirmek karşılaştır hesapla hesaplamak kontrol "
            "incele bak görüntüle"
        ).split()
    ),
    "sv": frozenset(
        (
            "visa lista läs läsa sök söka hitta räkna sammanfatta översätt översätta jämför "
            "beräkna kontrollera kolla granska titta"
        ).split()
    ),
    "da": frozenset(
        ("vis list læs søg find tæl opsummer oversæt sammenlign beregn kontroller tjek").split()
    ),
    "no": frozenset(
        ("vis list les søk finn tell oppsummer oversett sammenlign beregn kontroller sjekk").split()
    ),
    "cs": frozenset(
        (
            "ukaž zobraz vypiš přečti najdi vyhledej hledej spočítej shrň přelož porovnej "
            "vypočítej zkontroluj ověř podívej"
        ).split()
    ),
    "el": frozenset(
        (
            "δείξε εμφάνισε εμφάνιση λίστα διάβασε βρες αναζήτησε αναζήτηση μέτρησε συνόψισε "
            "μετάφρασε σύγκρινε υπολόγισε έλεγξε ελέγξτε"
        ).split()
    ),
    "he": frozenset(
        (
            "תראה תבדוק תחפש תמצא תקרא תסכם תתרגם תציג הצג הראה הראי הציגי להציג תראה חפש "
            "חפשי לחפש מצא מצאי למצוא קרא קראי לקרוא בדוק בדקי לבדוק ספור לספור סכם סכמי לסכם "
            "תרגם תרגמי לתרגם השווה רשימת פרט"
        ).split()
    ),
    "ar": frozenset(
        (
            "اعرض عرض أظهر اظهر ابحث بحث البحث جد اقرأ قراءة تحقق التحقق احسب لخص ترجم قارن "
            "أخبرني اخبرني"
        ).split()
    ),
    "hi": frozenset(
        (
            "दिखाओ दिखाएं दिखाइए दिखाना खोजो खोजें ढूंढो ढूंढें पढ़ो पढ़ें गिनो जांचो जांचें जाँचें सारांश अनुवाद चेक"
        ).split()
    ),
    "ko": frozenset(
        (
            "보여줘 보여 보여주세요 확인 확인해 확인해줘 검색 검색해 검색해줘 조회 조회해 조회해줘 읽어 읽어줘 번역 번역해 번역해줘 요약 "
            "요약해 요약해줘 목록 찾아 찾아줘 세어"
        ).split()
    ),
    "id": frozenset(
        (
            "tampilkan lihat daftar baca cari temukan hitung ringkas ringkaskan terjemahkan "
            "bandingkan periksa cek"
        ).split()
    ),
    "vi": frozenset("xem hiển liệt đọc tìm đếm tóm dịch so kiểm".split()),
    "hu": frozenset(
        (
            "mutasd mutass mutatsd listázd sorold olvasd keresd keress találd számold "
            "összegezd foglald fordítsd hasonlítsd számítsd ellenőrizd nézd nézz"
        ).split()
    ),
    "fi": frozenset(
        (
            "näytä listaa luettele lue etsi hae löydä laske tiivistä käännä vertaa tarkista katso"
        ).split()
    ),
    "ro": frozenset(
        (
            "arată arătă-mi afișează listează citește caută găsește numără rezumă traduce "
            "compară calculează verifică uită-te"
        ).split()
    ),
    "ca": frozenset(
        (
            "mostra mostra'm ensenya'm llista llegeix cerca busca troba compta resumeix "
            "tradueix tradueix-me compara calcula comprova verifica consulta mira"
        ).split()
    ),
    "sk": frozenset(
        (
            "ukáž zobraz vypíš prečítaj nájdi vyhľadaj spočítaj zhrň prelož porovnaj skontroluj"
        ).split()
    ),
    "hr": frozenset(
        (
            "pokaži prikaži izlistaj pročitaj pronađi potraži prebroji sažmi prevedi usporedi "
            "provjeri"
        ).split()
    ),
    "bg": frozenset(
        ("покажи изброй прочети намери потърси преброй обобщи преведи сравни провери").split()
    ),
}

# Question words (and auxiliaries that open a question): a question asks, it does not do.
QUESTION: frozenset[str] = frozenset(
    (
        "what which who whom whose when where why how is are was were do does did has have "
        "can could will would was welche welcher welches wer wo wann wie wieviel wieviele ist "
        "sind gibt hat haben que quoi quel quelle quels quelles qui où quand comment combien "
        "est qué cuál cuáles quién dónde cuándo cómo cuánto cuántos hay cosa quale quali chi "
        "dove quando come quanto quanti o qual quais quem onde quanto quantos há wat welke "
        "wie waar wanneer hoe hoeveel co jaki jaka jakie kto komu kogo gdzie kiedy jak ile "
        "czy что какой какая какие кто где когда как сколько ли ne hangi kim nerede nereye ne "
        "zaman nasıl kaç mı mi vad vilken vilka vem var när hur מה איזה אילו מי איפה מתי איך "
        "כמה האם ما ماذا أي من أين متى كيف كم هل 뭐 무엇 어디 언제 누구 얼마 몇 apa siapa dimana kapan "
        "bagaimana berapa gì đâu khi nào bao"
    ).split()
)

# Verbs (and their usual forms) of actions that change something. Broad on purpose.
RISKY_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        (
            "send sending resend forward forwarding reply replying respond email emailing "
            "mail text texting message messaging dm call calling ring phone notify notifying "
            "invite inviting cc bcc pay paying payment repay prepay wire wiring transfer "
            "transferring remit withdraw withdrawing deposit buy buying purchase purchasing "
            "order ordering checkout reorder sell selling trade trading short refund "
            "refunding tip donate donating subscribe subscribing unsubscribe renew renewing "
            "book booking reserve reserving rent charge charging settle invoice bill fund "
            "top-up topup delete deleting remove removing erase erasing wipe wiping drop "
            "dropping destroy purge trash empty clear clearing cancel cancelling canceling "
            "close closing revoke revoking terminate terminating overwrite kill reset "
            "resetting restore rollback revert uninstall deactivate disable disabling enable "
            "enabling activate turn switch toggle block unblock mute unmute ban report flag "
            "unflag star pin unpin archive archiving move moving rename renaming copy edit "
            "editing update updating change changing modify modifying replace set setting "
            "configure adjust add adding create creating make write writing draft drafting "
            "compose post posting publish publishing tweet share sharing grant granting give "
            "giving provide disclose expose export upload uploading sync release deploy "
            "deploying merge merging push pushing commit ship launch broadcast announce "
            "submit submitting file filing apply applying register registering enroll enrol "
            "sign signing approve approving accept accepting decline declining reject "
            "rejecting rsvp confirm confirming authorize authorise authorizing authorising "
            "allow permit whitelist verify-payment execute executing run running install "
            "installing upgrade downgrade download downloading print printing schedule "
            "scheduling reschedule assign unassign follow unfollow like join joining leave "
            "leaving hire fire claim redeem handle handling process processing take put mark "
            "marking save saving store log lock unlock open opening start stop restart reboot "
            "shutdown shut format encrypt decrypt generate fill complete completing sign-up "
            "signup login log-in logout plan arrange organise organize pick choose select "
            "attach link unlink connect disconnect pair unpair accept-all dispute contest "
            "appeal close-out"
        ).split()
    ),
    "de": frozenset(
        (
            "sende senden schicke schicken verschicke verschicken weiterleiten leite antworte "
            "antworten maile anrufen rufe zahle zahlen bezahle bezahlen überweise überweisen "
            "kaufe kaufen bestelle bestellen verkaufe verkaufen buche buchen reserviere "
            "reservieren lösche löschen entferne entfernen storniere stornieren kündige "
            "kündigen teile teilen veröffentliche veröffentlichen poste posten lade laden "
            "hochladen ändere ändern aktualisiere aktualisieren setze setzen unterschreibe "
            "unterschreiben genehmige genehmigen akzeptiere akzeptieren bestätige bestätigen "
            "sperre sperren installiere installieren führe ausführen erstelle erstellen "
            "schreibe schreiben verschiebe verschieben archiviere archivieren abonniere "
            "abonnieren einladen lade freigeben gib geben abheben hebe"
        ).split()
    ),
    "fr": frozenset(
        (
            "envoie envoyer envoyez transfère transférer transférez réponds répondre répondez "
            "appelle appeler paie payer payez règle régler réglez vire virer virez achète "
            "acheter achetez commande commander commandez vends vendre vendez réserve "
            "réserver réservez supprime supprimer supprimez efface effacer annule annuler "
            "annulez résilie résilier partage partager partagez publie publier publiez poste "
            "poster téléverse modifie modifier modifiez change changer changez mets mettre "
            "signe signer signez approuve approuver accepte accepter acceptez confirme "
            "confirmer confirmez bloque bloquer installe installer exécute exécuter crée "
            "créer écris écrire déplace déplacer archive archiver abonne invite inviter donne "
            "donner retire retirer"
        ).split()
    ),
    "es": frozenset(
        (
            "envía enviar envíe envíale reenvía reenviar responde responder contesta "
            "contestar llama llamar paga pagar pague transfiere transferir compra comprar "
            "compre pide pedir ordena vende vender reserva reservar borra borrar elimina "
            "eliminar cancela cancelar comparte compartir publica publicar sube subir cambia "
            "cambiar modifica modificar actualiza actualizar pon poner firma firmar aprueba "
            "aprobar acepta aceptar confirma confirmar bloquea bloquear instala instalar "
            "ejecuta ejecutar crea crear escribe escribir mueve mover archiva archivar "
            "suscribe suscribir invita invitar da dar retira retirar saca sacar"
        ).split()
    ),
    "it": frozenset(
        (
            "invia inviare inoltra inoltrare rispondi rispondere chiama chiamare paga pagare "
            "bonifica trasferisci trasferire compra comprare ordina ordinare vendi vendere "
            "prenota prenotare cancella cancellare elimina eliminare annulla annullare "
            "disdici condividi condividere pubblica pubblicare carica caricare modifica "
            "modificare cambia cambiare aggiorna aggiornare imposta impostare firma firmare "
            "approva approvare accetta accettare conferma confermare blocca bloccare installa "
            "installare esegui eseguire crea creare scrivi scrivere sposta spostare archivia "
            "archiviare iscrivi invita invitare dai dare preleva prelevare"
        ).split()
    ),
    "pt": frozenset(
        (
            "envia enviar envie encaminha encaminhar reencaminha responde responder liga "
            "ligar paga pagar pague transfere transferir transfira compra comprar compre "
            "encomenda encomendar vende vender venda reserva reservar reserve apaga apagar "
            "apague exclui excluir elimina eliminar cancela cancelar cancele partilha "
            "partilhar compartilha compartilhar compartilhe publica publicar publique carrega "
            "carregar altera alterar altere muda mudar atualiza atualizar define definir "
            "assina assinar aprova aprovar aceita aceitar aceite confirma confirmar bloqueia "
            "bloquear instala instalar executa executar cria criar escreve escrever move "
            "mover arquiva arquivar subscreve convida convidar dá dar levanta levantar saca "
            "sacar"
        ).split()
    ),
    "nl": frozenset(
        (
            "stuur sturen verstuur versturen verzend verzenden stuur-door doorsturen "
            "beantwoord beantwoorden antwoord bel bellen betaal betalen maak maken koop kopen "
            "bestel bestellen verkoop verkopen boek boeken reserveer reserveren verwijder "
            "verwijderen wis wissen annuleer annuleren zeg opzeggen deel delen publiceer "
            "publiceren post posten upload uploaden wijzig wijzigen verander veranderen "
            "update updaten zet zetten onderteken ondertekenen keur goedkeuren accepteer "
            "accepteren bevestig bevestigen blokkeer blokkeren installeer installeren voer "
            "uitvoeren schrijf schrijven verplaats verplaatsen archiveer archiveren abonneer "
            "nodig uitnodigen geef geven neem opnemen"
        ).split()
    ),
    "pl": frozenset(
        (
            "wyślij wysłać prześlij przesłać przekaż przekazać odpowiedz odpowiedzieć zadzwoń "
            "zadzwonić zapłać zapłacić opłać opłacić przelej przelać kup kupić zamów zamówić "
            "sprzedaj sprzedać zarezerwuj zarezerwować usuń usunąć skasuj skasować anuluj "
            "anulować udostępnij udostępnić opublikuj opublikować zmień zmienić zaktualizuj "
            "zaktualizować ustaw ustawić podpisz podpisać zatwierdź zatwierdzić zaakceptuj "
            "zaakceptować potwierdź potwierdzić zablokuj zablokować zainstaluj zainstalować "
            "uruchom uruchomić utwórz utworzyć napisz napisać przenieś przenieść zarchiwizuj "
            "zaproś zaprosić daj dać wypłać wypłacić"
        ).split()
    ),
    "ru uk": frozenset(
        (
            "отправь отправить отправьте пошли послать перешли переслать ответь ответить "
            "позвони позвонить оплати оплатить заплати заплатить переведи перевести купи "
            "купить закажи заказать продай продать забронируй забронировать удали удалить "
            "сотри стереть отмени отменить поделись поделиться опубликуй опубликовать загрузи "
            "загрузить измени изменить обнови обновить установи установить подпиши подписать "
            "одобри одобрить прими принять подтверди подтвердить заблокируй заблокировать "
            "запусти запустить выполни выполнить создай создать напиши написать перемести "
            "переместить архивируй подпишись пригласи пригласить дай дать сними снять надішли "
            "надіслати переказати оплатити видали видалити скасуй скасувати купи купити "
            "продай продати"
        ).split()
    ),
    "tr": frozenset(
        (
            "gönder göndermek yolla yollamak ilet iletmek yanıtla yanıtlamak cevapla ara öde "
            "ödemek havale aktar aktarmak satın al almak sipariş sat satmak rezervasyon sil "
            "silmek kaldır kaldırmak iptal paylaş paylaşmak yayınla yayınlamak yükle yüklemek "
            "değiştir değiştirmek güncelle güncellemek ayarla imzala imzalamak onayla "
            "onaylamak kabul engelle engellemek kur kurmak çalıştır çalıştırmak oluştur "
            "oluşturmak yaz yazmak taşı taşımak arşivle abone davet ver vermek çek çekmek"
        ).split()
    ),
    "sv da no": frozenset(
        (
            "skicka vidarebefordra svara ring betala överför överföra köp köpa beställ "
            "beställa sälj sälja boka radera ta bort avbryt avboka dela publicera ladda ändra "
            "uppdatera ställ signera godkänn acceptera bekräfta blockera installera kör skapa "
            "skriv flytta arkivera prenumerera bjud ge send betal overfør køb bestil sælg "
            "book slet annuller del publicer ændr opdater godkend accepter bekræft opret "
            "skriv flyt send betal overfør kjøp bestill selg slett avbryt del endre oppdater "
            "godkjenn aksepter bekreft opprett skriv flytt"
        ).split()
    ),
    "cs el": frozenset(
        (
            "pošli poslat přepošli odpověz zavolej zaplať zaplatit převeď kup koupit objednej "
            "prodej prodat zarezervuj smaž smazat odstraň zruš zrušit sdílej sdílet zveřejni "
            "nahraj změň změnit aktualizuj nastav podepiš schval přijmi potvrď zablokuj "
            "nainstaluj spusť vytvoř napiš přesuň στείλε στείλτε προώθησε απάντησε κάλεσε "
            "πλήρωσε πληρώστε μετάφερε αγόρασε παράγγειλε πούλησε κράτηση διάγραψε διαγραφή "
            "ακύρωσε μοιράσου δημοσίευσε ανέβασε άλλαξε ενημέρωσε υπόγραψε έγκρινε αποδέξου "
            "επιβεβαίωσε μπλόκαρε εγκατάστησε εκτέλεσε δημιούργησε γράψε μετακίνησε"
        ).split()
    ),
    "hu fi ro ca sk hr bg": frozenset(
        (
            "küldd küldj továbbítsd fizesd fizess utald vásárold vedd rendeld add töröld "
            "mondd töröld oszd osszd tedd írd állítsd kapcsold lähetä välitä maksa siirrä "
            "osta tilaa myy varaa poista peruuta jaa julkaise muuta hyväksy allekirjoita "
            "asenna suorita kirjoita trimite redirecționează plătește transferă cumpără "
            "comandă vinde rezervă șterge anulează partajează publică schimbă aprobă semnează "
            "instalează rulează scrie envia reenvia paga transfereix compra demana ven "
            "reserva esborra elimina cancel·la comparteix publica canvia aprova signa "
            "instal·la executa escriu pošli zaplať kúp predaj vymaž zruš zdieľaj zmeň schváľ "
            "podpíš pošalji plati prebaci kupi prodaj obriši otkaži podijeli promijeni odobri "
            "potpiši изпрати плати преведи купи продай изтрий откажи сподели промени одобри "
            "подпиши"
        ).split()
    ),
    "he ar hi ko id vi": frozenset(
        (
            "שלח שלחי לשלוח העבר העבירי להעביר ענה עני לענות התקשר שלם שלמי לשלם תשלם קנה קני "
            "לקנות הזמן הזמיני להזמין מכור למכור מחק מחקי למחוק הסר בטל בטלי לבטל שתף שתפי "
            "לשתף פרסם לפרסם העלה שנה לשנות עדכן לעדכן חתום לחתום אשר אשרי לאשר קבל חסום התקן "
            "הרץ צור כתוב כתבי הזז أرسل ارسل إرسال ارسال حول حوّل تحويل رد الرد اتصل ادفع دفع "
            "الدفع اشتر شراء اطلب بع بيع احجز حجز احذف حذف امسح ألغ الغ إلغاء الغاء شارك "
            "مشاركة انشر نشر ارفع غير غيّر تغيير حدث تحديث وقع وقّع وافق موافقة اقبل قبول أكد "
            "تأكيد احظر ثبت شغل نفذ أنشئ انشئ اكتب انقل भेजो भेजें भेजिए भुगतान करो करें "
            "खरीदो खरीदें बेचो हटाओ हटाएं मिटाओ रद्द साझा बदलो बदलें अपडेट हस्ताक्षर स्वीकार "
            "पुष्टि चलाओ बनाओ लिखो 보내 보내줘 전송 전송해 전달 전달해 답장 전화 결제 결제해 지불 송금 송금해 이체 이체해 구매 구매해 "
            "주문 주문해 판매 팔아 예약 예약해 삭제 삭제해 지워 취소 취소해 공유 공유해 게시 업로드 변경 변경해 수정 수정해 설정 서명 승인 승인해 수락 "
            "수락해 확정 차단 설치 실행 생성 작성 이동 kirim kirimkan teruskan balas telepon bayar transfer "
            "beli pesan jual hapus batalkan bagikan unggah ubah perbarui tanda setujui terima "
            "konfirmasi blokir instal jalankan buat tulis pindahkan gửi chuyển trả thanh mua "
            "đặt bán xóa hủy chia đăng sửa cập ký duyệt chấp xác chặn cài chạy tạo viết"
        ).split()
    ),
}
RISKY: frozenset[str] = frozenset().union(*RISKY_BY_LANGUAGE.values())

# Words that are also something harmless elsewhere: "ver" (Spanish "see"), "del" (Spanish
# "of the"), "غير" (Arabic "not"), "שנה" (Hebrew "year"), "yaz" (Turkish "summer").
RISKY = RISKY - frozenset(
    "al da dá dai del ge ver ara sat ta dar kör kur yaz غير حول حدث وقع שנה pesan".split()
)

# Beginnings of risky verbs, for inflected forms the lists above cannot enumerate.
RISKY_STEMS: tuple[str, ...] = tuple(
    (
        "send forward pay transfer purchas delet remov cancel unsubscrib publish upload "
        "approv authori overwrit deploy install execut withdraw überweis bezahl lösch storn "
        "kündig veröffentlich unterschreib envo transfér supprim annul publi résili envi "
        "transfier elimin cancel compart inoltr cancell condivid pubblic bonific transfer "
        "exclu compartilh partilh verstu verzend verwijder annuleer betaal wysł przeleć "
        "przelew usuń usuwa zapłac opłac anul отправ перевед перевод оплат удал отмен переслa "
        "переш куп прода gönder öde sil iptal paylaş"
    ).split()
)

# Chinese and Japanese (and Korean in running text): no spaces, so entries match inside.
READ_INSIDE: tuple[str, ...] = tuple(
    (
        "查看 查询 查找 搜索 列出 显示 读取 阅读 看看 看一下 统计 翻译 总结 汇总 检查 告诉我 是多少 有哪些 多少 確認 表示 検索 一覧 見せ 見て 読ん 読み "
        "調べ 翻訳 要約 教えて 数え チェック 何件 いくら 探し 探す 計算 件数 残高 数量 余额 확인 보여 검색 조회 읽어 번역 요약 목록 찾아 계산 잔액 "
        "얼마 몇"
    ).split()
)
RISKY_INSIDE: tuple[str, ...] = tuple(
    (
        "发送 发给 发邮件 发消息 转发 回复 付款 支付 转账 汇款 打款 购买 买 卖 下单 订购 预订 预定 订票 删除 移除 清空 取消 退订 分享 共享 发布 上传 "
        "修改 更改 更新 设置 签署 签字 批准 同意 接受 确认 注册 安装 运行 执行 提交 关闭 重置 邀请 打电话 提现 取款 授权 撤销 归档 移动 送信 送っ 送る "
        "送付 転送 返信 支払 払っ 払う 振込 振り込 送金 購入 買っ 買う 売っ 売る 売却 注文 予約 削除 消し 消去 取り消 キャンセル 解約 共有 公開 投稿 "
        "アップロード 変更 更新 設定 署名 承認 承諾 受け入れ 登録 インストール 実行 提出 招待 電話 引き出 退会 移動 保存 作成 書い 書く 보내 전송 전달 "
        "답장 전화 결제 지불 송금 이체 구매 주문 판매 팔아 예약 삭제 지워 취소 공유 게시 업로드 변경 수정 설정 서명 승인 수락 확정 차단 설치 실행 생성 "
        "작성 이동 가입 해지 초대 납부"
    ).split()
)


def folded(words: frozenset[str]) -> frozenset[str]:
    return frozenset(unicodedata.normalize("NFKC", w).casefold() for w in words)


# Matching is on case-folded text ("ς" folds to "σ"): fold the lists once, here.
READ = {language: folded(words) for language, words in READ.items()}
RISKY = folded(RISKY)
QUESTION = folded(QUESTION)
