import { z } from 'zod';

const id = z.uuid({ message: 'Not a valid id.' });

/** createStoryGift's input. */
export const createStoryGiftInput = z.object({ articleId: id });

/** revokeStoryGift's input. */
export const revokeStoryGiftInput = z.object({ giftId: id });

/** generatePdfViewerLink's argument. */
export const articleIdArgument = id;
