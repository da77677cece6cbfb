import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

type Texts = Partial<PickersLocaleText>;
type View = 'year' | 'month' | 'day' | 'hours' | 'minutes' | 'seconds' | 'meridiem' | string;

const viewNames: Record<string, string> = {
  year: 'aasta',
  month: 'kuu',
  day: 'päev',
  hours: 'tunnid',
  minutes: 'minutid',
  seconds: 'sekundid',
  meridiem: 'ennelõuna/pärastlõuna',
};
const viewName = (view: View) => viewNames[view] ?? view;

/**
 * Estonian texts of the MUI X date pickers, which ship none for Estonian (without these the picker speaks English
 * in the Estonian interface). Same shape as the library's own locale objects.
 */
const etTexts: Texts = {
  previousMonth: 'Eelmine kuu',
  nextMonth: 'Järgmine kuu',
  openPreviousView: 'Ava eelmine vaade',
  openNextView: 'Ava järgmine vaade',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year'
      ? 'avatud on aastavaade, vaheta kalendrivaatele'
      : 'avatud on kalendrivaade, vaheta aastavaatele',
  start: 'Algus',
  end: 'Lõpp',
  startDate: 'Alguskuupäev',
  startTime: 'Algusaeg',
  endDate: 'Lõppkuupäev',
  endTime: 'Lõppaeg',
  cancelButtonLabel: 'Tühista',
  clearButtonLabel: 'Tühjenda',
  okButtonLabel: 'OK',
  todayButtonLabel: 'Täna',
  nextStepButtonLabel: 'Edasi',
  datePickerToolbarTitle: 'Vali kuupäev',
  dateTimePickerToolbarTitle: 'Vali kuupäev ja kellaaeg',
  timePickerToolbarTitle: 'Vali kellaaeg',
  dateRangePickerToolbarTitle: 'Vali kuupäevavahemik',
  timeRangePickerToolbarTitle: 'Vali ajavahemik',
  clockLabelText: (view, formattedTime) =>
    `Vali ${viewName(view)}. ${formattedTime ? `Valitud aeg on ${formattedTime}` : 'Aega pole valitud'}`,
  hoursClockNumberText: (hours) => `${hours} tundi`,
  minutesClockNumberText: (minutes) => `${minutes} minutit`,
  secondsClockNumberText: (seconds) => `${seconds} sekundit`,
  selectViewText: (view) => `Vali ${viewName(view)}`,
  calendarWeekNumberHeaderLabel: 'Nädala number',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (weekNumber) => `Nädal ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,
  openDatePickerDialogue: (formattedDate) =>
    formattedDate ? `Vali kuupäev, valitud on ${formattedDate}` : 'Vali kuupäev',
  openTimePickerDialogue: (formattedTime) =>
    formattedTime ? `Vali kellaaeg, valitud on ${formattedTime}` : 'Vali kellaaeg',
  openRangePickerDialogue: (formattedRange) =>
    formattedRange ? `Vali vahemik, valitud on ${formattedRange}` : 'Vali vahemik',
  fieldClearLabel: 'Tühjenda',
  timeTableLabel: 'vali kellaaeg',
  dateTableLabel: 'vali kuupäev',
  fieldYearPlaceholder: (params) => 'A'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'KKKK' : 'KK'),
  fieldDayPlaceholder: () => 'PP',
  fieldWeekDayPlaceholder: (params) => (params.contentType === 'letter' ? 'NNNN' : 'NN'),
  fieldHoursPlaceholder: () => 'tt',
  fieldMinutesPlaceholder: () => 'mm',
  fieldSecondsPlaceholder: () => 'ss',
  fieldMeridiemPlaceholder: () => 'ep',
  year: 'Aasta',
  month: 'Kuu',
  day: 'Päev',
  weekDay: 'Nädalapäev',
  hours: 'Tunnid',
  minutes: 'Minutid',
  seconds: 'Sekundid',
  meridiem: 'Ennelõuna/pärastlõuna',
  empty: 'Tühi',
};

export const pickersEtEE = {
  components: { MuiLocalizationProvider: { defaultProps: { localeText: etTexts } } },
};
