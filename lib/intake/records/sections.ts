import 'server-only';
import { accountList } from './accounts';
import { agentList } from './agents';
import { beneficiaryList } from './beneficiaries';
import { childList } from './children';
import { companyList } from './companies';
import { giftList } from './gifts';
import { propertyList } from './properties';
import { trusteeList } from './trustees';

/**
 * The intake's list sections as the load reads them, each under its IntakeView key: every one is a column of
 * the intake's one statement (load/list-columns.ts) and its views a list of the IntakeView
 * (load/intake-view.ts). A new section joins here, and nowhere else in the load.
 */
export const recordLists = {
  children: childList,
  beneficiaries: beneficiaryList,
  trustees: trusteeList,
  agents: agentList,
  properties: propertyList,
  companies: companyList,
  gifts: giftList,
  // One table of four kinds: the view splits it (retirementAccounts ...).
  accounts: accountList,
};
