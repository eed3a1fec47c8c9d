import { personalDetailsOptions } from '@bof/api/personal-details';
import { runningServices } from '@bof/api/running-services';
import type { PersonalDetailsValues } from '../components/account/personal-details-form';

/** What a personal-details form starts from: the reader's saved details and the lists to choose from. */
export async function personalDetailsFormData(userId: string) {
  const { details, complete } = await (await runningServices()).personalDetails.of(userId);
  const initial: PersonalDetailsValues = {
    firstName: details?.firstName ?? '',
    lastName: details?.lastName ?? '',
    country: details?.country ?? '',
    jobFunction: details?.jobFunction ?? '',
    jobIndustry: details?.jobIndustry ?? '',
    jobLevel: details?.jobLevel ?? '',
    organisationTitle: details?.organisationTitle ?? '',
  };
  const options = personalDetailsOptions();
  return {
    complete,
    initial,
    options: {
      countries: [...options.countries],
      jobFunctions: [...options.jobFunctions],
      jobIndustries: [...options.jobIndustries],
      jobLevels: [...options.jobLevels],
    },
  };
}
