import {
  Button,
  ColorSwatch,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  makeStyles,
  OverlayDrawer,
  Radio,
  RadioGroup,
  SwatchPicker,
  Switch,
  Text,
  tokens,
  useId,
} from '@fluentui/react-components';
import { ArrowReset20Regular, Dismiss24Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notices';
import { isDefaultSettings, parseThemeColor, themeColorPresets } from '../settings/interface-settings';
import { useInterfaceSettings } from '../settings/settings-context';

const useStyles = makeStyles({
  drawer: { width: '380px', maxWidth: '100vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL, paddingBottom: tokens.spacingVerticalXL },
  description: { color: tokens.colorNeutralForeground3, paddingBottom: tokens.spacingVerticalS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, border: 'none', margin: 0, padding: 0 },
  legend: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    padding: 0,
    marginBottom: tokens.spacingVerticalS,
  },
  custom: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  colorInput: {
    width: '40px',
    height: '32px',
    padding: '2px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  hex: { width: '140px' },
  switchRow: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3, paddingLeft: '44px', marginTop: '-6px' },
  footer: { display: 'flex', justifyContent: 'space-between' },
});

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{title}</legend>
      {children}
    </fieldset>
  );
}

function SettingSwitch(props: { readonly label: string; readonly hint: string; readonly checked: boolean; readonly disabled?: boolean; readonly onChange: (checked: boolean) => void }) {
  const styles = useStyles();
  const hintId = useId('hint');
  return (
    <div className={styles.switchRow}>
      <Switch label={props.label} checked={props.checked} disabled={props.disabled} aria-describedby={hintId} onChange={(_, data) => props.onChange(data.checked)} />
      <Text id={hintId} size={200} className={styles.hint}>
        {props.hint}
      </Text>
    </div>
  );
}

/** The theme colour: presets as swatches, or any colour by picker or hex value. */
function ThemeColorField() {
  const styles = useStyles();
  const { t } = useTranslation('settings');
  const { settings, update } = useInterfaceSettings();
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const pickerId = useId('color');
  const hex = hexDraft ?? settings.themeColor;
  const hexValid = parseThemeColor(hex) !== null;
  const preset = themeColorPresets.find((p) => p.color === settings.themeColor);

  return (
    <>
      <Field label={t('themeColor.presets')}>
        <SwatchPicker
          aria-label={t('themeColor.label')}
          selectedValue={preset?.color ?? ''}
          onSelectionChange={(_, data) => {
            setHexDraft(null);
            update({ themeColor: data.selectedValue });
          }}
          layout="row"
          shape="circular"
        >
          {themeColorPresets.map((p) => (
            <ColorSwatch key={p.id} value={p.color} color={p.color} aria-label={t(`themeColor.names.${p.id}`)} />
          ))}
        </SwatchPicker>
      </Field>
      <Field label={{ children: t('themeColor.custom'), htmlFor: pickerId }} validationMessage={hexValid ? undefined : t('themeColor.invalid')}>
        <div className={styles.custom}>
          <input
            id={pickerId}
            className={styles.colorInput}
            type="color"
            value={settings.themeColor.toLowerCase()}
            aria-label={t('themeColor.picker')}
            onChange={(event) => {
              setHexDraft(null);
              update({ themeColor: event.target.value });
            }}
          />
          <Input
            className={styles.hex}
            aria-label={t('themeColor.hex')}
            value={hex}
            maxLength={7}
            onChange={(_, data) => {
              setHexDraft(data.value);
              const parsed = parseThemeColor(data.value);
              if (parsed) update({ themeColor: parsed });
            }}
            onBlur={() => setHexDraft(null)}
          />
        </div>
      </Field>
    </>
  );
}

/**
 * The interface settings panel (spec §1): every option applies at once and is kept on this
 * computer; "Reset to defaults" restores them.
 */
export function SettingsDrawer({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common']);
  const { settings, defaults, update, reset } = useInterfaceSettings();

  return (
    <OverlayDrawer
      open={open}
      onOpenChange={(_, data) => (data.open ? undefined : onClose())}
      position="end"
      className={styles.drawer}
      aria-labelledby="settings-title"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ id: 'settings-title' }}
          action={<Button appearance="subtle" aria-label={t('common:actions.close')} icon={<Dismiss24Regular />} onClick={onClose} />}
        >
          {t('title')}
        </DrawerHeaderTitle>
        <Text size={200} className={styles.description}>
          {t('description')}
        </Text>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Section title={t('sections.appearance')}>
          <Field label={t('pageStyle.label')}>
            <RadioGroup layout="horizontal" value={settings.pageStyle} onChange={(_, data) => update({ pageStyle: data.value as 'light' | 'dark' })}>
              <Radio value="light" label={t('pageStyle.light')} />
              <Radio value="dark" label={t('pageStyle.dark')} />
            </RadioGroup>
          </Field>
          <ThemeColorField />
        </Section>
        <Section title={t('sections.layout')}>
          <Field label={t('menuLayout.label')}>
            <RadioGroup layout="horizontal" value={settings.menuLayout} onChange={(_, data) => update({ menuLayout: data.value as 'side' | 'top' })}>
              <Radio value="side" label={t('menuLayout.side')} />
              <Radio value="top" label={t('menuLayout.top')} />
            </RadioGroup>
          </Field>
          <Field label={t('contentWidth.label')}>
            <RadioGroup layout="horizontal" value={settings.contentWidth} onChange={(_, data) => update({ contentWidth: data.value as 'fixed' | 'fluid' })}>
              <Radio value="fluid" label={t('contentWidth.fluid')} />
              <Radio value="fixed" label={t('contentWidth.fixed')} />
            </RadioGroup>
          </Field>
          <SettingSwitch label={t('fixedHeader.label')} hint={t('fixedHeader.hint')} checked={settings.fixedHeader} onChange={(fixedHeader) => update({ fixedHeader })} />
          <SettingSwitch
            label={t('fixedSidebar.label')}
            hint={t('fixedSidebar.hint')}
            checked={settings.fixedSidebar}
            disabled={settings.menuLayout !== 'side'}
            onChange={(fixedSidebar) => update({ fixedSidebar })}
          />
          <SettingSwitch
            label={t('hideHeaderOnScroll.label')}
            hint={settings.fixedHeader ? t('hideHeaderOnScroll.hint') : t('hideHeaderOnScroll.needsFixedHeader')}
            checked={settings.hideHeaderOnScroll}
            disabled={!settings.fixedHeader}
            onChange={(hideHeaderOnScroll) => update({ hideHeaderOnScroll })}
          />
        </Section>
        <Section title={t('sections.accessibility')}>
          <SettingSwitch label={t('weakColor.label')} hint={t('weakColor.hint')} checked={settings.weakColor} onChange={(weakColor) => update({ weakColor })} />
        </Section>
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        <Button
          icon={<ArrowReset20Regular />}
          disabled={isDefaultSettings(settings, defaults)}
          onClick={() => {
            reset();
            notify.message('success', t('resetDone'));
          }}
        >
          {t('reset')}
        </Button>
        <Button appearance="primary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
