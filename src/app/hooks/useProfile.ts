/** Hooks of the profile page: every call of /api/permission/Users/Current goes through here. */
import { useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import * as api from '../api/currentUser';
import { getAllDictionaries } from '../api/system';
import { tNow, useLocale } from '../i18n';
import { loadSession } from '../session/loader';
import { patchUserInfo } from '../session/session';
import { useLoad } from './useLoad';

export const toastOk = (message: string) => notifications.show({ color: 'green', message, autoClose: 1500 });

export function useBaseInfo() {
  const load = useLoad(api.getBaseInfo);
  const save = async (change: api.BaseInfoChange) => {
    await api.saveBaseInfo(change);
    toastOk(tNow('profile.saved'));
    if (change.realName) patchUserInfo({ realName: change.realName, userName: change.realName });
    load.reload();
  };
  const uploadAvatar = async (file: File) => {
    const headIcon = await api.uploadAvatar(file);
    patchUserInfo({ headIcon });
    toastOk(tNow('profile.avatarUpdated'));
    load.reload();
  };
  return { ...load, save, uploadAvatar };
}

export function useSignatures() {
  const load = useLoad(api.getSignImgs);
  const run = async (action: () => Promise<unknown>, message: string) => {
    await action();
    toastOk(message);
    load.reload();
  };
  return {
    ...load,
    add: (dataUrl: string) => run(() => api.addSignImg(dataUrl), tNow('profile.added')),
    remove: (id: string) => run(() => api.deleteSignImg(id), tNow('profile.deleted')),
    makeDefault: (id: string) => run(() => api.setDefaultSignImg(id), tNow('profile.defaultSet')),
  };
}

export function useMemberships() {
  const organizes = useLoad(api.getOwnOrganizes);
  const positions = useLoad(api.getOwnPositions);
  const switchMajor = async (id: string, type: 'Organize' | 'Position') => {
    await api.setMajor(id, type);
    toastOk(tNow('profile.majorSwitched'));
    organizes.reload();
    positions.reload();
    // User info (organisation, position names) follows.
    void loadSession();
  };
  return { organizes, positions, switchMajor };
}

export const useSubordinates = (id: string) => useLoad(() => api.getSubordinates(id), [id]);
export const useAuthorize = () => useLoad(api.getAuthorize);
export const useLoginLog = (page: number, pageSize: number) => useLoad(() => api.getLoginLog({ currentPage: page, pageSize }), [page, pageSize]);
export { api as currentUserApi };

export interface ProfileOption {
  value: string;
  label: string;
}

/** The dictionaries behind the profile's selects (the product's codes) and the field each feeds. */
export const PROFILE_DICTIONARIES = { gender: 'sex', nation: 'Nation', certificatesType: 'certificateType', education: 'Education' } as const;
export type ProfileSelect = keyof typeof PROFILE_DICTIONARIES;

/**
 * Options of the profile's selects from the dictionary cache (GET DictionaryData/All), names in
 * the user's language. Gender takes the sex entry's code as its value, the others the entry id,
 * as the product's profile page does.
 */
export function useProfileOptions(): Record<ProfileSelect, ProfileOption[]> {
  const locale = useLocale();
  const { data } = useLoad(getAllDictionaries);
  return useMemo(() => {
    const options = (select: ProfileSelect): ProfileOption[] => {
      const category = data?.find((c) => c.enCode === PROFILE_DICTIONARIES[select]);
      return (category?.dictionaryList ?? []).map((e) => ({
        value: select === 'gender' ? e.enCode : e.id,
        label: e.fullName,
      }));
    };
    return { gender: options('gender'), nation: options('nation'), certificatesType: options('certificatesType'), education: options('education') };
  }, [data, locale]);
}
