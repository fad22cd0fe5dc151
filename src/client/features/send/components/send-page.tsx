import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CardType } from '#shared/contracts/drafts';
import type { ContentWarning } from '#shared/rules/content-checks';
import { findMissingLink, findMissingRequirements, pleaseCompleteMessage } from '#shared/rules/validation';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/use-toast';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { useReferenceData } from '../hooks/use-reference-data';
import { useCardFiles } from '../hooks/use-card-files';
import { useCsvLinks } from '../hooks/use-csv-links';
import { useSend } from '../hooks/use-send';
import { useMemoByParts } from '../hooks/use-memo-by-parts';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { useShownChecks } from '../hooks/use-shown-checks';
import { useSendPage } from '../hooks/use-send-page';
import { buildSendBody, cardLabels, globalCsvCard, linksPerCard, requirementsState } from '../state/derive';
import { emptyCard, newCardId, nextCardOrder, type Card } from '../state/send-state';
import { ClientTiles } from '#client/components/client-tiles';
import { ContentStart } from './content-start';
import { Hero } from './hero';
import { SendActions } from './send-actions';
import { UnreachableLinkWarning } from './unreachable-link-warning';
import { VendorPicker } from './vendor-picker';

const NO_WARNINGS: readonly ContentWarning[] = [];

// Loaded after the page, outside its first load (decision 0073): the preview (the composer and its frame), the link
// check, and the content cards, which a new send shows only once its first card is chosen.
const SendPreview = lazy(async () => ({ default: (await import('./send-preview')).SendPreview }));
const LinkCheck = lazy(async () => ({ default: (await import('./link-check')).LinkCheck }));
const loadEmailCard = () => import('./email-card');
const loadTextCard = () => import('./text-card');
const loadAddContentMenu = () => import('./add-content-menu');
const EmailCard = lazy(async () => ({ default: (await loadEmailCard()).EmailCard }));
const TextCard = lazy(async () => ({ default: (await loadTextCard()).TextCard }));
const AddContentMenu = lazy(async () => ({ default: (await loadAddContentMenu()).AddContentMenu }));

export function SendPage() {
  const { user } = useUser();
  const page = useSendPage();
  const data = useReferenceData();
  const now = useMinuteClock();
  const { state, dispatch, updateCard } = page;
  const { session, cards } = state;
  const csv = useCsvLinks(cards, data.vendors, data.utmOverrides, page.isLoaded && !data.isLoadingVendors, updateCard);
  const handleFiles = useCardFiles(updateCard, csv.loadCsv);
  const { send, isSending, proof, isProofing } = useSend(page.resetAll);
  const [previewVendorId, setPreviewVendorId] = useState<string | null>(null);
  // Once the page is drawn, the cards' code is fetched, so that choosing a first card does not wait for it.
  useEffect(() => {
    void Promise.all([loadEmailCard(), loadTextCard(), loadAddContentMenu()]);
  }, []);

  const vendorData = useMemo(
    () => ({ vendors: data.vendors, splits: data.splits, costs: data.costs }),
    [data.vendors, data.splits, data.costs],
  );
  // Labels and links follow the cards' kinds, order and CSVs, not what is typed into them.
  const labels = useMemoByParts(
    () => cardLabels(cards),
    cards.flatMap((card) => [card.cardId, card.cardType]),
  );
  const labelOf = useMemo(() => Object.fromEntries(labels.map((card) => [card.id, card.label])), [labels]);
  const missing = findMissingRequirements(requirementsState(state, vendorData));
  const links = useMemoByParts(
    () => linksPerCard(cards),
    cards.flatMap((card) => [card.cardId, card.csvFileName, card.vendorLinks]),
  );
  const vendorNames = Object.fromEntries(data.vendors.map((vendor) => [vendor.vendorId, vendor.name]));
  const missingLink = findMissingLink(labels, session.selectedVendors, links, vendorNames);

  // The preview, link check and warnings follow a deferred copy of the state: a keystroke paints at once, and they
  // catch up in a render React may interrupt. A send or a proof always reads the state as it is now.
  // The link check and the warnings are made again only when the fields they read change (typing a subject line
  // changes neither), so they and the cards that show them keep their identity.
  const shown = useDeferredValue(state);
  const { shownLabels, shownLabelOf, matrix, warningsByCard } = useShownChecks(shown, now);

  const selectedVendorObjects = useMemo(
    () => data.vendors.filter((vendor) => shown.session.selectedVendors.includes(vendor.vendorId)),
    [data.vendors, shown.session.selectedVendors],
  );
  const previewVendor =
    selectedVendorObjects.find((vendor) => vendor.vendorId === previewVendorId) ?? selectedVendorObjects[0];
  // The preview draws the body the page would post, through the server's own mapping and composer.
  const shownBody = useMemo(() => buildSendBody(shown, data.splits), [shown, data.splits]);
  const composeContext = useMemo(
    () => ({
      now,
      senderEmail: user?.email ?? '',
      senderFirstName: data.firstName,
      approvalEmails: data.approvalEmails,
      hubPassword: data.hubPassword,
    }),
    [now, user?.email, data.firstName, data.approvalEmails, data.hubPassword],
  );

  const onCardFiles = useCallback((card: Card, files: File[]) => void handleFiles(card, files), [handleFiles]);
  const { forget } = csv;
  const onRemoveCard = useCallback(
    (cardId: string) => {
      forget(cardId);
      dispatch({ type: 'remove-card', cardId });
    },
    [forget, dispatch],
  );
  const onSelectClient = useCallback((slug: string) => dispatch({ type: 'select-client', slug }), [dispatch]);
  const onToggleVendor = useCallback((vendorId: string) => dispatch({ type: 'toggle-vendor', vendorId }), [dispatch]);
  const onSetVendors = useCallback((vendorIds: string[]) => dispatch({ type: 'set-vendors', vendorIds }), [dispatch]);
  const onSendReminders = useCallback((enabled: boolean) => dispatch({ type: 'set-reminders', enabled }), [dispatch]);

  const isReady = missing.length === 0 && missingLink === null;
  const globalCsvName = globalCsvCard(cards)?.csvFileName ?? null;

  function addCard(type: CardType) {
    dispatch({ type: 'add-card', card: emptyCard(newCardId(type, cards), type, nextCardOrder(cards)) });
  }

  function trySendProof() {
    if (!previewVendor) return;
    if (cards.length === 0) {
      toast({
        title: 'No content to send',
        description: 'Please add at least one email or text section with all required fields.',
        variant: 'destructive',
      });
      return;
    }
    void proof(buildSendBody(state, data.splits), previewVendor.vendorId, previewVendor.name);
  }

  // The preview is drawn again only when its inputs change, so it is handed one handler that calls the latest.
  const latestProof = useRef(trySendProof);
  useLayoutEffect(() => {
    latestProof.current = trySendProof;
  });
  const onSendProof = useCallback(() => latestProof.current(), []);

  function trySend() {
    if (isSending) return;
    if (cards.length === 0) {
      toast({
        title: 'No content to send',
        description: 'Please add at least one email or text section with all required fields.',
        variant: 'destructive',
      });
    } else if (missing.length > 0) {
      toast({ title: pleaseCompleteMessage(missing), variant: 'destructive' });
    } else if (missingLink) {
      toast({ title: 'Missing vendor link', description: missingLink, variant: 'destructive' });
    } else {
      void send(buildSendBody(state, data.splits));
    }
  }

  const header = (
    <PageHeader
      title="Send to vendors"
      actions={
        <SendActions
          pricingModel={session.pricingModel}
          onPricingModel={(model) => dispatch({ type: 'set-pricing', model })}
          saveStatus={page.saveStatus}
          notSavedReason={page.notSavedReason}
          vendorCount={session.selectedVendors.length}
          isSending={isSending}
          isReady={isReady}
          isLoaded={page.isLoaded}
          onSend={trySend}
        />
      }
    />
  );

  if (!page.isLoaded) {
    return (
      <>
        {header}
        {page.loadError ? (
          <div className="m-6 flex items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-red-800">
            {page.loadError}{' '}
            <Button variant="secondary" size="sm" onClick={() => void page.reload()}>
              Retry
            </Button>
          </div>
        ) : (
          <Spinner />
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <main className="mx-auto grid max-w-[1600px] gap-6 p-4 md:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,560px)]">
        <div className="order-2 grid content-start gap-4 xl:order-1">
          {data.unreachablePublicUrl ? <UnreachableLinkWarning publicUrl={data.unreachablePublicUrl} /> : null}
          <Hero />
          <ClientTiles selected={session.selectedClient} onSelect={onSelectClient} />
          {session.showInitialSelection && cards.length === 0 ? <ContentStart onChoose={addCard} /> : null}
          {cards.map((card) => {
            // Every prop keeps its identity unless this card's own content, label, report or warnings changed.
            const props = {
              card,
              label: labelOf[card.cardId] ?? card.cardId,
              globalCsvName,
              report: csv.reports[card.cardId],
              warnings: warningsByCard[card.cardId] ?? NO_WARNINGS,
              onChange: updateCard,
              onFiles: onCardFiles,
              onRemove: onRemoveCard,
            };
            // Each card waits for its code alone: a new kind of card never hides the cards already shown.
            return (
              <Suspense key={card.cardId} fallback={<Spinner label="Loading the card..." />}>
                {card.cardType === 'email' ? <EmailCard {...props} /> : <TextCard {...props} />}
              </Suspense>
            );
          })}
          {cards.length > 0 ? (
            <div>
              <Suspense fallback={null}>
                <AddContentMenu onAdd={addCard} />
              </Suspense>
            </div>
          ) : null}
          <div className="grid gap-4 2xl:grid-cols-2">
            <VendorPicker
              client={session.selectedClient}
              vendors={data.vendors}
              isLoading={data.isLoadingVendors}
              error={data.vendorsError}
              onRetry={data.retryVendors}
              selected={session.selectedVendors}
              pricingModel={session.pricingModel}
              splits={data.splits}
              costs={data.costs}
              onToggle={onToggleVendor}
              onSetAll={onSetVendors}
              sendReminders={session.sendReminders}
              hasVendorLinks={data.hasVendorLinks}
              onSendReminders={onSendReminders}
            />
            <Suspense fallback={null}>
              <LinkCheck
                matrix={matrix}
                cards={shownLabels}
                vendors={data.vendors}
                reports={csv.reports}
                cardLabels={shownLabelOf}
              />
            </Suspense>
          </div>
        </div>
        <aside
          aria-label="Preview"
          className="order-1 xl:order-2 xl:sticky xl:top-20 xl:max-h-[calc(100vh-6rem)] xl:self-start xl:overflow-y-auto"
        >
          <Suspense fallback={<Spinner label="Loading the preview..." />}>
            <SendPreview
              body={shownBody}
              vendor={previewVendor}
              settings={vendorData}
              context={composeContext}
              hasVendorLinks={data.hasVendorLinks}
              vendors={selectedVendorObjects}
              onPreviewVendor={setPreviewVendorId}
              onSendProof={onSendProof}
              isProofing={isProofing}
            />
          </Suspense>
        </aside>
      </main>
    </>
  );
}
