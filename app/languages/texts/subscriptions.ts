// French, German and Spanish for the engine's subscription price texts ("$90.00 every month for
// 1 year"): one localizedStrings key per shape of plan (productPrice__singlePrice__1Monthly__
// limited__1Years...), read by engine/ts/plugins/commerce/price.ts with the price, the billing
// period ({billingPeriodValue}) and the duration ({duration}) as message arguments. The keys are
// many but regular, so each language gives its words for the parts and the keys are made here.
import type { TextsByLanguage } from './types.js';

type Unit = 'Week' | 'Month' | 'Year';

interface PlanWords {
  /** "{price}" for one price, "from {price}" when the variants differ. */
  from: string;
  /** Billed every unit ("per month") and every n units ("every {billingPeriodValue} months"). */
  everyOne: Record<Unit, string>;
  everyN: Record<Unit, string>;
  /** The total duration: one unit ("for 1 month") and n units ("for {duration} months"). */
  forOne: Record<Unit, string>;
  forN: Record<Unit, string>;
}

const UNITS: Unit[] = ['Week', 'Month', 'Year'];

function planTexts(w: PlanWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const multiple of [false, true]) {
    const price = multiple ? w.from : '{price}';
    for (const unit of UNITS) {
      for (const n of [false, true]) {
        const head = `productPrice__${multiple ? 'multiplePrices' : 'singlePrice'}__${n ? 'n' : '1'}${unit}ly__`;
        const billed = `${price} ${n ? w.everyN[unit] : w.everyOne[unit]}`;
        out[`${head}indefinite`] = billed;
        // A total in whole years is said in years, else in billing units.
        for (const span of (unit === 'Year' ? ['Year'] : [unit, 'Year']) as Unit[]) {
          const key = span === 'Year' ? 'Years' : `${unit}s`;
          out[`${head}limited__1${key}`] = `${billed} ${w.forOne[span]}`;
          out[`${head}limited__n${key}`] = `${billed} ${w.forN[span]}`;
        }
      }
    }
  }
  return out;
}

export const SUBSCRIPTION_TEXTS: TextsByLanguage = {
  fr: planTexts({
    from: 'à partir de {price}',
    everyOne: { Week: 'par semaine', Month: 'par mois', Year: 'par an' },
    everyN: {
      Week: 'toutes les {billingPeriodValue} semaines',
      Month: 'tous les {billingPeriodValue} mois',
      Year: 'tous les {billingPeriodValue} ans',
    },
    forOne: { Week: 'pendant 1 semaine', Month: 'pendant 1 mois', Year: 'pendant 1 an' },
    forN: { Week: 'pendant {duration} semaines', Month: 'pendant {duration} mois', Year: 'pendant {duration} ans' },
  }),
  de: planTexts({
    from: 'ab {price}',
    everyOne: { Week: 'pro Woche', Month: 'pro Monat', Year: 'pro Jahr' },
    everyN: {
      Week: 'alle {billingPeriodValue} Wochen',
      Month: 'alle {billingPeriodValue} Monate',
      Year: 'alle {billingPeriodValue} Jahre',
    },
    forOne: { Week: 'für 1 Woche', Month: 'für 1 Monat', Year: 'für 1 Jahr' },
    forN: { Week: 'für {duration} Wochen', Month: 'für {duration} Monate', Year: 'für {duration} Jahre' },
  }),
  es: planTexts({
    from: 'desde {price}',
    everyOne: { Week: 'a la semana', Month: 'al mes', Year: 'al año' },
    everyN: {
      Week: 'cada {billingPeriodValue} semanas',
      Month: 'cada {billingPeriodValue} meses',
      Year: 'cada {billingPeriodValue} años',
    },
    forOne: { Week: 'durante 1 semana', Month: 'durante 1 mes', Year: 'durante 1 año' },
    forN: { Week: 'durante {duration} semanas', Month: 'durante {duration} meses', Year: 'durante {duration} años' },
  }),
};
