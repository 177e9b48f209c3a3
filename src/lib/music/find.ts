/** The app's music search, from any music page (the lists' end, an empty download history). */
import { command } from '../bridge';

/** @example <button onClick={findMusic}> */
export const findMusic = (): void => void command('foundMusic');
